// The Authkey in any spelling, planted by a service in every answer field of every endpoint the app
// calls: an obviously fake key is set through the real browser host, and a scripted service
// answers each SPIn endpoint with its example answer in which every free-text field carries the key
// in each spelling (tests/support/key-spellings.ts: case variants, base64 alone and of TPN:key in a
// Basic header, HTML entities, percent-encoding, zero-width and whitespace insertions, hex), and
// one Sale answer splits the key across Message and DetailedMessage. Then every answer the host
// gave (result card, History, CSV, request log, curl, bundle), the host's stderr and every file of
// the data folder, read while the host runs (the journal's -wal included) and after it stopped,
// are searched for the key: as planted, in any case, and decoded from every base64 and hex run.
// Zero hits allowed.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogPage, SupportBundle } from '@shared/ipc/diagnostics-views';
import type { EndpointName } from '@shared/spin/endpoints';
import { browserHosts, call, started, stopHost, type Envelope, type Host } from '../support/browser-host';
import { keySpellingsForTests } from '../support/key-spellings';
import { startScriptedService, type Reply, type ScriptedService } from '../support/scripted-service';
import { filesUnder, keyedProfile } from '../support/scan-kit';
import { responseExamples } from '../support/spin-examples';

/** Obviously fake. */
const KEY = 'SNTNL7Q2ZX';
const TPN = 'SPELLTPN01';
const SPELLINGS = Object.values(keySpellingsForTests(KEY, TPN));
/**
 * Luhn-valid card numbers as receipts and people write them (plain, spaces, dashes, dots, mixed;
 * 13, 16 and 19 digits): each surface may show only first 4 / last 4 of them.
 */
const PANS = [
  '4761 7390 0101 0119',
  '4761-7390-0101-0119',
  '4761.7390.0101.0119',
  '4761 7390-0101.0119',
  '4761739001010119',
  '4761739001017',
  '4761739001010119013',
];
/** 16 digits that fail the Luhn check: an order number, never masked. */
const ORDER_NUMBER = '1234567812345678';
/** Every spelling in one text, so each field of each answer carries each of them. */
const PLANTED = `echo ${SPELLINGS.join(' / ')} end`;
/**
 * The texts where a service writes prose a card number can turn up in (its messages, the printed
 * receipts): each also carries every card number shape, and the order number. Codes (AuthCode, EMV
 * tags, report columns) are shown as sent: masking digits there could change an identifier.
 */
const PROSE = new Set(['Message', 'DetailedMessage', 'HostResponseMessage', 'Customer', 'Merchant']);
const CARDS = ` CARD ${PANS.join(' / CARD ')} / ORDER ${ORDER_NUMBER}`;
/** Fields the app matches answers by, or reads as codes: they keep the example's value. */
const STRUCTURAL = new Set(['ResultCode', 'StatusCode', 'ReferenceId', 'PaymentType', 'TransactionType', 'EntryType']);

/** The endpoint's example answer with the planted text appended to every free-text field. */
function planted(value: unknown, key?: string): unknown {
  if (typeof value === 'string') {
    if (key !== undefined && STRUCTURAL.has(key)) return value;
    return key !== undefined && PROSE.has(key) ? `${value} ${PLANTED}${CARDS}` : `${value} ${PLANTED}`;
  }
  if (Array.isArray(value)) return value.map((item) => planted(item, key));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, planted(v, k)]));
  return value;
}

function echoing(endpoint: EndpointName): Reply {
  return (request, res) => {
    const body = planted(responseExamples[endpoint]) as Record<string, unknown>;
    if (typeof request.body.ReferenceId === 'string') body.ReferenceId = request.body.ReferenceId;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
}

/** A Sale answer whose Message ends with the key's first half and DetailedMessage starts with the rest. */
const splitSale: Reply = (request, res) => {
  const example = responseExamples.Sale as { GeneralResponse: Record<string, unknown> };
  const body = {
    ...example,
    ReferenceId: request.body.ReferenceId,
    GeneralResponse: {
      ...example.GeneralResponse,
      Message: `Authkey ${KEY.slice(0, 4)}`,
      DetailedMessage: `${KEY.slice(4)} is not active.`,
    },
  };
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
};

/** Each channel the app reaches SPIn through, with a valid input (the profile is added to each). */
const CALLS: [string, Record<string, unknown>][] = [
  ['payments:sale', { referenceId: 'PLANT1', amountCents: 1000, getReceipt: 'Both' }],
  ['payments:auth', { referenceId: 'PLANT2', amountCents: 1000, paymentType: 'Credit' }],
  ['payments:capture', { referenceId: 'PLANT3', amountCents: 1000, authCode: 'ABC123' }],
  ['payments:return', { referenceId: 'PLANT4', amountCents: 500 }],
  ['payments:tipAdjust', { referenceId: 'PLANT1', tipCents: 100 }],
  ['payments:void', { referenceId: 'PLANT1', amountCents: 1000, paymentType: 'Credit' }],
  ['payments:balance', { referenceId: 'PLANT5', paymentType: 'EBT_Food' }],
  ['transactions:status', { paymentType: 'Credit', referenceId: 'PLANT1' }],
  ['transactions:list', { paymentType: 'Credit', fromIndex: 1, toIndex: 10 }],
  ['transactions:offline', { paymentType: 'Credit' }],
  ['reports:summary', {}],
  ['reports:daily', {}],
  ['batch:settle', { referenceId: 'PLANT6' }],
  ['prompts:userInput', { title: 'ZIP code', type: 'Number', timeoutSeconds: 60 }],
  ['prompts:userChoice', { title: 'Pick one', options: ['A', 'B'] }],
  ['prompts:getCard', {}],
  ['display:cart', { cart: { amounts: [{ name: 'Total', valueCents: 1000 }], cashPrices: [], items: [] } }],
  ['invoices:select', { title: 'Pick', invoices: [{ id: 'INV1', name: 'Table 4', amountCents: 1000, type: 'Open' }] }],
  [
    'invoices:show',
    { referenceId: 'PLANT7', invoice: { id: 'INV1', name: 'Table 4', totalCents: 1000, paidCents: 0, goods: [], payments: [] } },
  ],
  ['lineitems:add', { referenceId: 'PLANT2', authCode: 'ABC123', items: [{ description: 'Widget' }] }],
  ['lineitems:remove', { referenceId: 'PLANT2', authCode: 'ABC123' }],
  ['terminal:status', {}],
  ['diagnostics:check', {}],
];

/** JSON text unescaped once (a text inside a JSON line of a file is escaped once more). */
const unescapeJson = (text: string) =>
  text.replace(/\\(u[0-9a-fA-F]{4}|["\\/bfnrt])/g, (_all, escape: string) =>
    escape.startsWith('u') ? String.fromCharCode(parseInt(escape.slice(1), 16)) : escape === 'n' ? '\n' : escape === 't' ? '\t' : escape,
  );

/** Every base64 and hex run in `text` decoded. */
function decodedRuns(text: string): string[] {
  const base64 = [...text.matchAll(/[A-Za-z0-9+/_-]{8,}/g)].map(([run]) =>
    Buffer.from(run.replaceAll('-', '+').replaceAll('_', '/'), 'base64').toString('latin1'),
  );
  const hex = [...text.matchAll(/(?:[0-9a-fA-F]{2}){4,}/g)].map(([run]) => Buffer.from(run, 'hex').toString('latin1'));
  return [...base64, ...hex];
}

/** What of the key or a card number `text` holds: a planted spelling, the key in any case (also decoded), a half of the split one, a card's middle digits. */
function hits(text: string): string[] {
  const layers = [text, unescapeJson(text), unescapeJson(unescapeJson(text))];
  const found = new Set<string>();
  for (const layer of layers) {
    for (const spelled of SPELLINGS) if (layer.includes(spelled)) found.add(`planted ${JSON.stringify(spelled)}`);
    for (const read of [layer, ...decodedRuns(layer)]) {
      const lower = read.toLowerCase();
      if (lower.includes(KEY.toLowerCase())) found.add('the key in some case');
    }
    if (layer.includes(`${KEY.slice(0, 4)}"`) || layer.includes(`"${KEY.slice(4)}`)) found.add('a half of the split key');
    for (const pan of PANS) if (layer.includes(pan)) found.add(`card number ${pan}`);
    // The middle digits of the card, however grouped.
    if (/7390[ .-]?0101/.test(layer)) found.add("a card number's middle digits");
  }
  return [...found];
}

const { start } = browserHosts();
let service: ScriptedService;
let dataDir: string;
let host: Host;
/** Every answer the host gave and every file the run left, by name. */
const produced = new Map<string, string>();

async function keep(name: string, channel: string, input?: unknown): Promise<Envelope> {
  const envelope = await call(host, channel, input);
  produced.set(name, JSON.stringify(envelope));
  return envelope;
}

beforeAll(async () => {
  service = await startScriptedService();
  for (const endpoint of Object.keys(responseExamples) as EndpointName[]) service.on(endpoint, echoing(endpoint));
  service.on('Sale', echoing('Sale'), splitSale);
  dataDir = mkdtempSync(join(tmpdir(), 'spin-desk-key-spellings-'));
});
afterAll(async () => {
  await service?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the Authkey in any spelling, planted in every answer field of every endpoint', () => {
  it('sees the planted spellings find the key (the scan itself)', () => {
    for (const spelled of SPELLINGS) expect({ spelled, seen: hits(`x ${spelled} y`).length > 0 }).toEqual({ spelled, seen: true });
    expect(hits(JSON.stringify(responseExamples.Sale))).toEqual([]);
  });

  it('keeps every spelling out of every answer of the host, its stderr and every file of the data folder', async () => {
    host = started(await start(dataDir));
    const profileId = await keyedProfile(host, { name: 'Spelling lab', url: service.url, tpn: TPN, authkey: KEY });

    for (const [channel, input] of CALLS) {
      const envelope = await keep(channel, channel, { profileId, ...input });
      // Refused before any request (a wrong input here) would plant nothing: every call reaches the service.
      expect({ channel, code: envelope.error?.code }).not.toEqual({ channel, code: 'BAD_INPUT' });
    }
    const split = await keep('sale with the key split', 'payments:sale', { profileId, referenceId: 'PLANT8', amountCents: 1000 });
    expect(split).toMatchObject({ ok: true, data: { message: 'Authkey <AUTH_KEY>' } });
    // Every endpoint the app has a channel for was called and answered with the planted text.
    const called = new Set(service.requests.map((r) => r.endpoint));
    for (const endpoint of Object.keys(responseExamples).filter(
      (e) => !['Disclaimer', 'GetSignature', 'AbortTransaction', 'StatusList'].includes(e),
    )) {
      expect({ endpoint, called: called.has(endpoint) }).toEqual({ endpoint, called: true });
    }
    expect(JSON.stringify(produced.get('payments:sale'))).toContain('<AUTH_KEY>');
    // The result card's receipts: each card number first 4 / last 4, the order number whole.
    const receipts = (await call(host, 'transactions:status', { profileId, paymentType: 'Credit', referenceId: 'PLANT1' })).data
      ?.receipts as Record<string, string> | undefined;
    expect(receipts?.customer).toContain('CARD 4761********0119 / CARD 4761********0119 / CARD 4761********0119 / CARD 4761********0119');
    expect(receipts?.customer).toContain(`CARD 4761*****1017 / CARD 4761***********9013 / ORDER ${ORDER_NUMBER}`);

    await keep('History', 'journal:list', { offset: 0, limit: 100 });
    await keep('CSV', 'journal:exportCsv', {});
    const log = await keep('request log', 'diagnostics:log', {});
    for (const entry of (log.data as unknown as LogPage).entries) {
      await keep(`log entry ${entry.endpoint} ${entry.id}`, 'diagnostics:logEntry', { entryId: entry.id });
      await keep(`curl ${entry.endpoint} ${entry.id}`, 'diagnostics:curl', { entryId: entry.id });
    }
    const bundle = await keep('bundle envelope', 'diagnostics:bundle');
    produced.set('support bundle', (bundle.data as unknown as SupportBundle).json);
    for (const surface of ['History', 'CSV', 'request log', 'support bundle'])
      expect({ surface, masked: produced.get(surface)?.includes('4761********0119') }).toEqual({ surface, masked: true });
    // The files while the host runs: the journal's -wal holds what was written since the last checkpoint.
    const running = filesUnder(dataDir);
    expect(running.some((file) => file.endsWith('-wal'))).toBe(true);
    for (const file of running) produced.set(`file while running ${file}`, readFileSync(file, 'latin1'));

    await stopHost(host.child, 'SIGTERM');
    produced.set('host stderr', host.stderr());
    for (const file of filesUnder(dataDir)) produced.set(`file after stop ${file}`, readFileSync(file, 'latin1'));

    expect(produced.size).toBeGreaterThan(40);
    for (const [name, text] of produced) expect({ name, hits: hits(text) }).toEqual({ name, hits: [] });
  }, 120_000);
});
