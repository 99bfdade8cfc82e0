import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Redactor } from '../security/redactor';
import type { SpinExchange } from '../spin/spin-client';
import { ExchangeRecorder } from './exchange-recorder';
import { BUNDLE_LOG_ENTRIES } from '@shared/ipc/diagnostics-views';
import { DEFAULT_LOG_LIMIT, DEFAULT_POLL_LIMIT } from './request-log';
import type { StoredEntry } from './log-entry';

// A request log written by an older spin-desk kept cardholder names, expiry dates and card tokens
// in its answers: they are gone from the log, and from requests.jsonl, once it is loaded.

const NAME = 'DOE/JANE Q';
const TOKEN = 'tok_FAKE4242cafe';

function olderEntry(id: string, answer: unknown): StoredEntry {
  return {
    id,
    at: '2025-01-02T03:04:05.000Z',
    durationMs: 12,
    endpoint: 'Sale',
    url: 'http://127.0.0.1:1/v2/Payment/Sale',
    tpn: 'OLDLOG0001',
    outcome: 'ok',
    explanation: 'Approved',
    request: { Tpn: 'OLDLOG0001', Authkey: '<AUTH_KEY>', ReferenceId: 'R1' },
    response: JSON.stringify(answer, null, 2),
    truncated: false,
  };
}

let dir = '';
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('ExchangeRecorder.open on an older request log', () => {
  it('removes names, expiry dates and tokens from the entries it loads, and rewrites the file without them', async () => {
    dir = await mkdtemp(join(tmpdir(), 'older-log-'));
    const file = join(dir, 'diagnostics', 'requests.jsonl');
    await mkdir(join(dir, 'diagnostics'));
    const personal = olderEntry('old-1', {
      GeneralResponse: { ResultCode: '0', StatusCode: '0000', Message: 'Approved' },
      Token: TOKEN,
      CardData: { Last4: '0119', ExpirationDate: '1230', Name: NAME },
      Receipts: { Customer: `<L>${NAME}</L>`, Merchant: '' },
    });
    const plain = olderEntry('old-2', { GeneralResponse: { ResultCode: '0', StatusCode: '0000', Message: 'Approved' } });
    await writeFile(file, `${JSON.stringify(personal)}\n${JSON.stringify(plain)}\n`);

    const recorder = await ExchangeRecorder.open({ redactor: new Redactor(), dataDir: dir, onError: (message) => expect.fail(message) });
    await recorder.close();

    const [newest, oldest] = recorder.log.recent(2);
    expect(newest?.response).toBe(plain.response);
    expect(JSON.parse(oldest?.response ?? '')).toEqual({
      GeneralResponse: { ResultCode: '0', StatusCode: '0000', Message: 'Approved' },
      Token: '[card token removed]',
      CardData: { Last4: '0119', ExpirationDate: '[expiry date removed]', Name: '[cardholder name removed]' },
      Receipts: { Customer: '<L>[cardholder name removed]</L>', Merchant: '' },
    });
    const onDisk = await readFile(file, 'utf8');
    expect(onDisk.trim().split('\n')).toHaveLength(2);
    for (const gone of [NAME, TOKEN, '1230']) expect(onDisk).not.toContain(gone);
  });

  it('leaves a log with nothing to remove as it is on disk', async () => {
    dir = await mkdtemp(join(tmpdir(), 'clean-log-'));
    const file = join(dir, 'diagnostics', 'requests.jsonl');
    await mkdir(join(dir, 'diagnostics'));
    const text = `${JSON.stringify(olderEntry('clean-1', { GeneralResponse: { ResultCode: '0' }, CardData: { Name: '' } }))}\n`;
    await writeFile(file, text);
    const recorder = await ExchangeRecorder.open({ redactor: new Redactor(), dataDir: dir, onError: (message) => expect.fail(message) });
    await recorder.close();
    expect(await readFile(file, 'utf8')).toBe(text);
  });
});

// The Store screen polls TerminalStatus of every terminal every few seconds; answers that differ
// from the last one (a busy flag, a time in the body) are news and were logged, so with ten
// terminals the polls pushed a sale's exchange out of the 500-entry log within minutes. Polls are
// kept in a ring of their own: however many there are, the payments and failures stay.

const SALE_REFERENCE = 'KEEPSALE01';

function saleExchange(startedAt: number): SpinExchange {
  return {
    endpoint: 'Sale',
    url: 'http://127.0.0.1:1/v2/Payment/Sale',
    tpn: 'RINGTPN000',
    profileId: 'terminal-0',
    startedAt,
    durationMs: 40,
    httpStatus: 200,
    resultCode: '0',
    statusCode: '0000',
    request: { Tpn: 'RINGTPN000', Authkey: 'FAKEKEY000', ReferenceId: SALE_REFERENCE, Amount: 12.34, PaymentType: 'Credit' },
    responseText: JSON.stringify({ GeneralResponse: { ResultCode: '0', StatusCode: '0000', Message: 'Approved' } }),
  };
}

/** One poll of terminal `n`, its body different from the last one it gave (as a real proxy's can be). */
function pollExchange(n: number, round: number, startedAt: number): SpinExchange {
  const tpn = `RINGTPN00${n}`;
  const body = { TerminalStatus: round % 3 === 0 ? 'Offline' : 'Online', Round: round };
  return {
    endpoint: 'TerminalStatus',
    url: `http://127.0.0.1:1/v2/Common/TerminalStatus?tpn=${tpn}&authkey=<AUTH_KEY>`,
    tpn,
    profileId: `terminal-${n}`,
    startedAt,
    durationMs: 5,
    httpStatus: 200,
    responseText: JSON.stringify(body),
    response: body,
  };
}

/** Five minutes of the Store screen: 10 terminals polled every 5 s (60 rounds), a sale in round 1. */
function storeMorning(recorder: ExchangeRecorder): void {
  const start = Date.parse('2026-03-04T09:00:00Z');
  for (let round = 0; round < 60; round++) {
    for (let n = 0; n < 10; n++) recorder.observe(pollExchange(n, round, start + round * 5000 + n));
    if (round === 1) recorder.observe(saleExchange(start + round * 5000 + 50));
  }
}

describe('the request log under the Store screen’s status polls', () => {
  it('keeps a sale’s exchange through 600 varied polls of 10 terminals, and keeps the newest polls too', async () => {
    const recorder = await ExchangeRecorder.open({ redactor: new Redactor(), onError: (message) => expect.fail(message) });
    storeMorning(recorder);
    const page = recorder.log.list();
    expect(page.entries.filter((entry) => entry.referenceId === SALE_REFERENCE).map((entry) => entry.endpoint)).toEqual(['Sale']);
    // The polls are still there, newest first: the last round of every terminal.
    expect(page.entries[0]).toMatchObject({ endpoint: 'TerminalStatus', tpn: 'RINGTPN009' });
    expect(page.entries.filter((entry) => entry.endpoint === 'TerminalStatus').length).toBeGreaterThanOrEqual(10);
    expect(page.kept).toBeLessThanOrEqual(DEFAULT_LOG_LIMIT + DEFAULT_POLL_LIMIT);
  });

  it('puts the sale in the support bundle’s newest entries, beside the newest polls', async () => {
    const recorder = await ExchangeRecorder.open({ redactor: new Redactor(), onError: (message) => expect.fail(message) });
    storeMorning(recorder);
    const bundled = recorder.log.recent(BUNDLE_LOG_ENTRIES);
    expect(bundled.filter((entry) => entry.referenceId === SALE_REFERENCE).map((entry) => entry.endpoint)).toEqual(['Sale']);
    expect(bundled[0]).toMatchObject({ endpoint: 'TerminalStatus', tpn: 'RINGTPN009' });
    expect(bundled.length).toBeLessThanOrEqual(BUNDLE_LOG_ENTRIES);
    // Newest first, across both rings.
    expect(bundled.map((entry) => entry.at)).toEqual(
      bundled
        .map((entry) => entry.at)
        .sort()
        .reverse(),
    );
  });

  it('keeps the sale in the log file too: a restart reads it back', async () => {
    dir = await mkdtemp(join(tmpdir(), 'ring-log-'));
    const recorder = await ExchangeRecorder.open({ redactor: new Redactor(), dataDir: dir, onError: (message) => expect.fail(message) });
    storeMorning(recorder);
    await recorder.close();
    const again = await ExchangeRecorder.open({ redactor: new Redactor(), dataDir: dir, onError: (message) => expect.fail(message) });
    expect(again.log.list({ text: SALE_REFERENCE.toLowerCase() }).entries.map((entry) => entry.endpoint)).toEqual(['Sale']);
    const onDisk = (await readFile(join(dir, 'diagnostics', 'requests.jsonl'), 'utf8')).trim().split('\n');
    expect(onDisk.length).toBeLessThanOrEqual(2 * (DEFAULT_LOG_LIMIT + DEFAULT_POLL_LIMIT));
    await again.close();
  });
});

// A big answer's entry (a 10,000-row Daily) is made on the next turn, after the answer has gone to
// the page; whatever reads the log first still finds it, in the order the requests ended.

function dailyExchange(startedAt: number, rows: number): SpinExchange {
  const body = {
    GeneralResponse: { ResultCode: '0', StatusCode: '0000', Message: 'Success' },
    DailyDetails: [
      {
        Application: 'CREDIT',
        TransactionsDailyReports: Array.from({ length: rows }, (_, i) => ({ Number: String(i), ReferenceId: `DAILYREF${i}` })),
      },
    ],
  };
  return {
    endpoint: 'Daily',
    url: 'http://127.0.0.1:1/v2/Report/Daily',
    tpn: 'RINGTPN000',
    profileId: 'terminal-0',
    startedAt,
    durationMs: 80,
    httpStatus: 200,
    resultCode: '0',
    statusCode: '0000',
    request: { Tpn: 'RINGTPN000', Authkey: 'FAKEKEY000' },
    responseText: JSON.stringify(body),
    response: body,
  };
}

describe('the request log with a big answer', () => {
  it('makes a big answer’s entry after the request’s turn, and any read of the log finds it in order', async () => {
    const redactor = new Redactor();
    const recorder = await ExchangeRecorder.open({ redactor, onError: (message) => expect.fail(message) });
    const start = Date.parse('2026-03-04T21:00:00Z');
    let redactedOnTheTurn = 0;
    const value = redactor.value.bind(redactor);
    redactor.value = (input) => {
      redactedOnTheTurn += 1;
      return value(input);
    };
    recorder.observe(dailyExchange(start, 5_000));
    // Nothing of it made (redacted) on the request's own turn...
    expect(redactedOnTheTurn).toBe(0);
    redactor.value = value;
    // ...yet a request logged after it, and the read that follows, see both, the report first.
    recorder.observe(saleExchange(start + 100));
    const page = recorder.log.list();
    expect(page.entries.map((entry) => entry.endpoint)).toEqual(['Sale', 'Daily']);
    expect(page.entries[1]).toMatchObject({ outcome: 'ok', statusCode: '0000' });
    expect(recorder.log.detail(page.entries[1]!.id)?.truncated).toBe(true);
  });

  it('makes it on the next turn when nothing reads the log', async () => {
    const redactor = new Redactor();
    const recorder = await ExchangeRecorder.open({ redactor, onError: (message) => expect.fail(message) });
    let redacted = 0;
    const value = redactor.value.bind(redactor);
    redactor.value = (input) => {
      redacted += 1;
      return value(input);
    };
    recorder.observe(dailyExchange(Date.parse('2026-03-04T21:00:00Z'), 5_000));
    await new Promise((resolve) => setImmediate(resolve));
    // Made (its request and answer redacted) without anyone asking for the log.
    expect(redacted).toBeGreaterThan(0);
    redactor.value = value;
    expect(recorder.log.recent(5).map((entry) => entry.endpoint)).toEqual(['Daily']);
  });
});
