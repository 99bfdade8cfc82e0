// The sentinel scan with a special-character key, through the real browser host on a data folder:
// an obviously fake Authkey with every character an encoder changes (`K+y&%#/ =Z`) is set through
// the API, and a scripted service echoes it back the ways real services do: written with \u
// escapes on the wire (.NET), URL-encoded with %20 and with + for the space, in lower-case hex,
// JSON-escaped inside a text, HTML-escaped, and in a plain-text error body. The same answers carry
// a cardholder name, an expiry date, card tokens and a signature. Then every answer the host gave,
// every file in the data folder (journal, requests.jsonl), the support bundle, the curl commands
// and the host's stderr are searched for the key in every spelling, decoded: zero hits. The
// bundle and the request log hold no name, expiry date, token or signature either.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogEntryDetail, LogPage, SupportBundle, SupportBundleContent } from '@shared/ipc/diagnostics-views';
import { browserHosts, call, started, stopHost, type Envelope, type Host } from '../support/browser-host';
import { general, json, startScriptedService, type Reply, type ScriptedService } from '../support/scripted-service';
import { responseExamples } from '../support/spin-examples';

/** Obviously fake, 10 characters: + & % # / space = all change when encoded. */
const KEY = 'K+y&%#/ =Z';
const TPN = 'SPECKEY001';
const NAME = 'DOE/JANE Q';
const TOKEN = 'tok_FAKE4242cafe';
const SIGNATURE = 'iVBORw0KGgoFAKESIGNATURE==';

/** How the service spells the key back. */
const SPELLED = {
  urlEncoded: encodeURIComponent(KEY),
  formEncoded: new URLSearchParams({ k: KEY }).toString().slice(2),
  lowerHex: encodeURIComponent(KEY).replace(/%[0-9A-F]{2}/g, (code) => code.toLowerCase()),
  /** As text inside a field: JSON someone escaped once more, as .NET does (\u0026 for &, \u002B for +). */
  jsonEscaped: 'K\\u002By\\u0026%#\\/ =Z',
  html: 'K+y&amp;%#/ =Z',
};

/** Any spelling decoded again: JSON escapes (up to three layers deep), URL encoding (with + as a space or not), HTML. */
function decodings(text: string): string[] {
  const unescapeJson = (t: string) =>
    t.replace(/\\(u[0-9a-fA-F]{4}|["\\/bfnrt])/g, (_all, escape: string) =>
      escape.startsWith('u')
        ? String.fromCharCode(parseInt(escape.slice(1), 16))
        : escape === '"' || escape === '\\' || escape === '/'
          ? escape
          : ' ',
    );
  const unescapeUrl = (t: string) =>
    t.replace(/(?:%[0-9a-fA-F]{2})+/g, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  const unescapeHtml = (t: string) => t.replaceAll('&amp;', '&').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"');
  // JSON inside JSON inside a file: a response text kept in requests.jsonl holds a receipt that holds JSON.
  const layers = [text];
  for (let i = 0; i < 3; i += 1) layers.push(unescapeJson(layers[i] as string));
  return layers.flatMap((t) => [t, unescapeUrl(t), unescapeUrl(t.replaceAll('+', ' ')), unescapeHtml(t)]);
}

const holdsKey = (text: string) => decodings(text).some((decoded) => decoded.includes(KEY));

/** A Sale answer that echoes the key in every spelling and carries the personal card data. */
const echoingSale: Reply = (request, res) => {
  const body = {
    ...responseExamples.Sale,
    ReferenceId: request.body.ReferenceId,
    GeneralResponse: {
      ResultCode: '0',
      StatusCode: '0000',
      Message: 'Active authKey @WIRE@',
      DetailedMessage: `authkey=${SPELLED.urlEncoded}`,
      HostResponseCode: '00',
      HostResponseMessage: `request.authkey=${SPELLED.formEncoded} (${SPELLED.lowerHex})`,
    },
    Token: TOKEN,
    IPosToken: `IPOS${TOKEN}`,
    Signature: SIGNATURE,
    CardData: { CardType: 'Visa', EntryType: 'Chip', Last4: '0119', First4: '4761', BIN: '476173', ExpirationDate: '0931', Name: NAME },
    Receipts: {
      Customer: `<L>VISA 4761********0119</L><L>${NAME}</L><L>{"Authkey":"${SPELLED.jsonEscaped}"}</L>`,
      Merchant: `<L>key ${SPELLED.html}</L>`,
    },
  };
  // On the wire the key is written with \u escapes: it is spelled plainly only once parsed.
  const wire = JSON.stringify(body).replace('@WIRE@', 'K\\u002By\\u0026%#\\/ =Z');
  res.writeHead(200, { 'content-type': 'application/json' }).end(wire);
};

/** An error page that is not JSON and quotes the request as a form would send it. */
const plainTextError: Reply = (_request, res) =>
  void res.writeHead(500, { 'content-type': 'text/plain' }).end(`Bad request: Tpn=${TPN}&Authkey=${SPELLED.formEncoded}`);

const { start } = browserHosts();
let service: ScriptedService;
let dataDir: string;
let host: Host;
let stderr = '';
/** Every answer the host gave and every artefact the run produced, by name. */
const produced = new Map<string, string>();

async function keep(name: string, channel: string, input?: unknown): Promise<Envelope> {
  const envelope = await call(host, channel, input);
  produced.set(name, JSON.stringify(envelope));
  return envelope;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

beforeAll(async () => {
  service = await startScriptedService();
  service.on('Sale', echoingSale);
  service.on('Status', plainTextError);
  service.on('TerminalStatus', json({ TerminalStatus: 'Online', Echo: `request.authkey=${SPELLED.formEncoded}` }));
  dataDir = mkdtempSync(join(tmpdir(), 'spin-desk-special-key-'));
});
afterAll(async () => {
  await service?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('sentinel scan with a special-character Authkey (K+y&%#/ =Z)', () => {
  it('runs a sale, a failed lookup, TerminalStatus, a connection check, the log, curl and a bundle through the real host', async () => {
    host = started(await start(dataDir));
    const saved = await call(host, 'profiles:save', {
      name: 'Echo lab',
      environment: 'custom',
      customUrl: service.url,
      tpn: TPN,
      proxyTimeoutSeconds: 30,
    });
    expect(saved).toMatchObject({ ok: true });
    const profileId = (saved.data as { id: string }).id;
    expect(await call(host, 'profiles:setAuthkey', { id: profileId, authkey: KEY })).toMatchObject({ ok: true });
    await call(host, 'profiles:select', { id: profileId });

    const sale = await keep('sale', 'payments:sale', { profileId, referenceId: 'SPECKEY1', amountCents: 4250, getReceipt: 'Both' });
    expect(sale).toMatchObject({ ok: true, data: { outcome: 'approved', hostMessage: expect.stringContaining('<AUTH_KEY>') } });
    // The key really went out, in the body and (TerminalStatus) in the query, for the service to echo.
    expect(service.requests.find((r) => r.endpoint === 'Sale')?.body.Authkey).toBe(KEY);

    const lookup = await keep('failed lookup', 'transactions:status', { profileId, paymentType: 'Credit', referenceId: 'SPECKEY1' });
    expect(lookup).toMatchObject({ ok: false, error: { code: 'HTTP_STATUS' } });
    expect(await keep('terminal status', 'terminal:status', { profileId })).toMatchObject({ ok: true, data: { state: 'online' } });
    expect(new URLSearchParams(service.requests.find((r) => r.endpoint === 'TerminalStatus')?.query).get('request.authkey')).toBe(KEY);
    await keep('connection check', 'diagnostics:check', { profileId });
    await keep('journal', 'journal:list', { offset: 0, limit: 10 });
    await keep('journal csv', 'journal:exportCsv', {});

    const log = await keep('request log', 'diagnostics:log', {});
    const entries = (log.data as unknown as LogPage).entries;
    expect(entries.map((e) => e.endpoint)).toEqual(expect.arrayContaining(['Sale', 'Status', 'TerminalStatus']));
    for (const entry of entries) {
      await keep(`log entry ${entry.endpoint} ${entry.id}`, 'diagnostics:logEntry', { entryId: entry.id });
      await keep(`curl ${entry.endpoint} ${entry.id}`, 'diagnostics:curl', { entryId: entry.id });
    }
    const bundle = await keep('bundle envelope', 'diagnostics:bundle');
    produced.set('support bundle', (bundle.data as unknown as SupportBundle).json);

    // The host's answers said where each echo was: replaced, not dropped.
    const saleEntry = entries.find((e) => e.endpoint === 'Sale');
    const detail = (await call(host, 'diagnostics:logEntry', { entryId: saleEntry?.id })).data as unknown as LogEntryDetail;
    const response = JSON.parse(detail.response) as { GeneralResponse: Record<string, string>; Receipts: Record<string, string> };
    expect(response.GeneralResponse).toMatchObject({
      Message: 'Active authKey <AUTH_KEY>',
      DetailedMessage: 'authkey=<AUTH_KEY>',
      HostResponseMessage: 'request.authkey=<AUTH_KEY> (<AUTH_KEY>)',
    });
    expect(response.Receipts.Merchant).toBe('<L>key <AUTH_KEY></L>');

    await stopHost(host.child, 'SIGTERM');
    stderr = host.stderr();
  }, 60_000);

  it('finds the key in no answer of the host, no curl command, not in the bundle', () => {
    expect(produced.size).toBeGreaterThan(10);
    for (const [name, text] of produced) expect({ name, hit: holdsKey(text) }).toEqual({ name, hit: false });
  });

  it('finds the key in no file of the data folder (journal, requests.jsonl) and not on stderr', () => {
    const files = filesUnder(dataDir);
    expect(files.some((file) => file.endsWith('requests.jsonl'))).toBe(true);
    expect(files.some((file) => file.includes('journal'))).toBe(true);
    for (const file of files) expect({ file, hit: holdsKey(readFileSync(file, 'utf8')) }).toEqual({ file, hit: false });
    expect(holdsKey(stderr)).toBe(false);
  });

  it('keeps no cardholder name, expiry date, token or signature in the bundle or the request log, and says so in the bundle', () => {
    const requestLog = readFileSync(join(dataDir, 'diagnostics', 'requests.jsonl'), 'utf8');
    const bundle = produced.get('support bundle') ?? '';
    for (const text of [requestLog, bundle, ...[...produced].filter(([name]) => name.startsWith('log entry')).map(([, t]) => t)]) {
      for (const decoded of decodings(text)) {
        expect(decoded).not.toContain(NAME);
        expect(decoded).not.toContain(TOKEN);
        expect(decoded).not.toContain(SIGNATURE);
        expect(decoded).not.toMatch(/ExpirationDate\W+0931/);
      }
    }
    const content = JSON.parse(bundle) as SupportBundleContent;
    const sale = JSON.parse(content.requestLog.entries.find((e) => e.endpoint === 'Sale')?.response ?? '{}') as Record<string, unknown>;
    expect(sale).toMatchObject({
      Token: '[card token removed]',
      IPosToken: '[card token removed]',
      Signature: '[signature removed]',
      CardData: { Last4: '0119', First4: '4761', ExpirationDate: '[expiry date removed]', Name: '[cardholder name removed]' },
      Receipts: { Customer: expect.stringContaining('<L>[cardholder name removed]</L>') },
    });
    expect(content.about.leftOut).toMatch(/never holds an Authkey, a whole card number, track data, a cardholder name/);
  });
});

// Kept apart so a reader sees the one helper the scan leans on do its job.
describe('the scan itself', () => {
  it('sees the key in each spelling the service uses', () => {
    for (const spelled of [...Object.values(SPELLED), KEY, JSON.stringify(JSON.stringify({ k: SPELLED.jsonEscaped }))]) {
      expect({ spelled, seen: holdsKey(`echo ${spelled} echo`) }).toEqual({ spelled, seen: true });
    }
    expect(holdsKey(JSON.stringify(general('0', '0000', 'Approved 100% + tip & fee')))).toBe(false);
  });
});
