// The real-world mode over real loopback HTTP: every variant on its own, what reaches the terminal
// and what does not, seeding, rates, scopes, the control API, validation and shutdown. Requests go
// out with plain fetch and `redirect: 'manual'`, so the test sees exactly what the simulator sent.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { endpoints, type EndpointName } from '@shared/spin';
import { startSimulator, type RealWorldEvent, type RealWorldInput, type RunningSimulator } from '../index';
import { TEST_TERMINAL, codes, parseResponse, startOtherHost, type OtherHost } from '../../tests/support/simulator-kit';

const OTHER = { tpn: 'OTHERTPN0001', authkey: 'OTHERKEY01' };

let sim: RunningSimulator;
let other: OtherHost | undefined;

afterEach(async () => {
  await sim.close();
  await other?.close();
  other = undefined;
});

async function start(realWorld?: RealWorldInput, seed = 5) {
  sim = await startSimulator({ terminals: [TEST_TERMINAL, OTHER], seed, ...(realWorld ? { realWorld } : {}) });
}

interface Raw {
  status: number;
  headers: Headers;
  text: string;
  /** ms from sending to the headers, and to the last body byte. */
  headersMs: number;
  totalMs: number;
  /** How many reads the body took (a drip takes many). */
  reads: number;
}

async function post(name: EndpointName, fields: Record<string, unknown>, creds = TEST_TERMINAL): Promise<Raw> {
  const started = performance.now();
  const res = await fetch(`${sim.url}${endpoints[name].path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ Tpn: creds.tpn, Authkey: creds.authkey, ...fields }),
  });
  const headersMs = performance.now() - started;
  const reader = res.body?.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let reads = 0;
  for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader?.read()) {
    reads += 1;
    text += decoder.decode(chunk.value, { stream: true });
  }
  return { status: res.status, headers: res.headers, text, headersMs, totalMs: performance.now() - started, reads };
}

const json = (raw: Raw) => JSON.parse(raw.text) as Record<string, unknown> & { GeneralResponse: Record<string, unknown> };
const sale = (ReferenceId: string, extra: Record<string, unknown> = {}, creds = TEST_TERMINAL) =>
  post('Sale', { PaymentType: 'Credit', ReferenceId, Amount: 12.5, GetReceipt: 'Both', ...extra }, creds);
const status = (ReferenceId: string, creds = TEST_TERMINAL) => post('Status', { PaymentType: 'Credit', ReferenceId }, creds);
const refs = (n: number, prefix = 'RW') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
const events = () => sim.control.getRealWorld().events;
const recorded = () => sim.control.getState(TEST_TERMINAL.tpn).records.map((r) => r.ReferenceId);
/** Under `variant` alone, 20 seeded Sales, one after the other: their answers. */
async function salesUnder(variant: keyof NonNullable<RealWorldInput['variants']>): Promise<Raw[]> {
  await start({ variants: { [variant]: 1 } });
  const answers: Raw[] = [];
  for (const ref of refs(20)) answers.push(await sale(ref));
  return answers;
}
/**
 * After a seeded run of `count` Sales through a variant that fails some before and some after the
 * terminal carried them out: exactly the forwarded ones are in the batch (the log tells a test what
 * really happened), both kinds occurred, and every answer was the variant's.
 */
function expectSomeForwarded(count: number, httpStatus: number, variant: string): void {
  const forwarded = events()
    .filter((e) => e.forwarded)
    .map((e) => e.referenceId);
  expect(recorded()).toEqual(forwarded);
  expect(forwarded.length).toBeGreaterThan(3);
  expect(forwarded.length).toBeLessThan(count - 3);
  expect(events().every((e) => e.httpStatus === httpStatus && e.applied.join() === variant)).toBe(true);
}
/** The record the terminal holds, as Status renders it without the real-world mode. */
const canonical = (ref: string) => sim.control.getState(TEST_TERMINAL.tpn).records.find((r) => r.ReferenceId === ref);

describe('real-world mode: off unless asked for', () => {
  it('changes nothing and logs nothing by default', async () => {
    await start();
    const answer = await sale('PLAIN1');
    expect([answer.status, codes(json(answer))]).toEqual([200, '0/0000']);
    // Status (what canonical() renders) leaves out the receipts the Sale asked for; the rest is identical.
    expect({ ...json(answer), Receipts: undefined }).toEqual({ ...canonical('PLAIN1'), Receipts: undefined });
    expect(sim.control.getRealWorld()).toEqual({ settings: null, events: [] });
  });
});

describe('answers written differently', () => {
  it('numeric-codes: ResultCode as a JSON number, StatusCode still text, which the shared schema still reads', async () => {
    await start({ variants: { 'numeric-codes': 1 } });
    sim.control.queueOutcome(TEST_TERMINAL.tpn, { kind: 'decline' });
    const declined = json(await sale('NUM1'));
    expect(declined.GeneralResponse).toMatchObject({ ResultCode: 1, StatusCode: '1015' });
    const approved = json(await sale('NUM2'));
    // The evidence covers a numeric ResultCode only: "0000" never becomes 0 (docs/PROTOCOL.md §3.1).
    expect(approved.GeneralResponse).toMatchObject({ ResultCode: 0, StatusCode: '0000' });
    expect(parseResponse('Sale', approved).GeneralResponse).toMatchObject({ ResultCode: '0', StatusCode: '0000' });
    expect(events().map((e) => e.applied)).toEqual([['numeric-codes'], ['numeric-codes']]);
  });

  it('off-type: optional fields in other types, each kind seen across 30 answers, what happened kept intact', async () => {
    await start({ variants: { 'off-type': 1 } });
    const seen = new Set<string>();
    for (const ref of refs(30)) {
      // Production sends MerchantNumber only for a request that names one, so these do.
      const body = json(await sale(ref, { MerchantNumber: 1 }));
      const truth = canonical(ref) as unknown as Record<string, unknown> & { Amounts: Record<string, number> };
      if (typeof body.Voided === 'string') seen.add(`Voided ${body.Voided}`);
      if (typeof body.Receipts === 'string') seen.add('Receipts text');
      if (typeof body.MerchantNumber === 'string') seen.add('MerchantNumber text');
      for (const key of ['TransactionNumber', 'BatchNumber', 'RRN'] as const) if (typeof body[key] === 'number') seen.add(`${key} number`);
      if (typeof (body.CardData as { Last4?: unknown }).Last4 === 'number') seen.add('Last4 number');
      const amounts = body.Amounts as Record<string, unknown>;
      if (typeof amounts.Amount === 'string') seen.add('Amounts text');
      expect(body).toMatchObject({ ReferenceId: ref, TransactionType: 'Sale', PaymentType: 'Credit', AuthCode: truth.AuthCode });
      expect(Number(amounts.Amount)).toBe(truth.Amounts.Amount);
      expect(String(body.TransactionNumber)).toBe(truth.TransactionNumber);
    }
    expect([...seen].sort()).toEqual(
      [
        'Amounts text',
        'BatchNumber number',
        'Last4 number',
        'MerchantNumber text',
        'RRN number',
        'Receipts text',
        'TransactionNumber number',
        'Voided N',
      ].sort(),
    );
  });

  it('extra-fields: fields no document lists, added at the top and inside nested objects, nothing else changed', async () => {
    await start({ variants: { 'extra-fields': 1 } });
    const added = new Set<string>();
    for (const ref of refs(20)) {
      const body = json(await sale(ref));
      const truth = canonical(ref) as Record<string, unknown>;
      // Everything the terminal said is still there, untouched (only additions).
      for (const [key, value] of Object.entries(truth)) {
        if (key === 'Receipts') continue;
        expect(body[key]).toMatchObject(value as object);
      }
      const keys = (holder: unknown, prefix: string, known: object) =>
        Object.keys(holder as object)
          .filter((key) => !(key in known))
          .forEach((key) => added.add(`${prefix}${key}`));
      keys(body, '', { ...truth, Receipts: 1 });
      keys(body.GeneralResponse, 'GeneralResponse.', truth.GeneralResponse as object);
      keys(body.Amounts, 'Amounts.', truth.Amounts as object);
      keys(body.CardData, 'CardData.', truth.CardData as object);
      expect(parseResponse('Sale', body).ReferenceId).toBe(ref);
    }
    expect(added.size).toBeGreaterThanOrEqual(8);
    expect([...added].some((key) => key.startsWith('GeneralResponse.'))).toBe(true);
    expect([...added].some((key) => key.startsWith('Amounts.'))).toBe(true);
  });

  it('nulls: optional fields as null, never the ones that say what happened', async () => {
    await start({ variants: { nulls: 1 } });
    const nulled = new Set<string>();
    for (const ref of refs(20)) {
      const body = json(await sale(ref));
      for (const [key, value] of Object.entries(body)) if (value === null) nulled.add(key);
      for (const [key, value] of Object.entries(body.GeneralResponse))
        if (value === null && key !== 'DelayBeforeNextRequest') nulled.add(`GeneralResponse.${key}`);
      expect(body).toMatchObject({ ReferenceId: ref, TransactionType: 'Sale', PaymentType: 'Credit', Voided: false, BatchNumber: '1' });
      expect(body.GeneralResponse).toMatchObject({ ResultCode: '0', StatusCode: '0000' });
      expect(body.Amounts).toMatchObject({ Amount: 12.5, TotalAmount: 12.5 });
      // TipAmount may be null, as in the docs' own sample (docs/PROTOCOL.md §3.2); never another number.
      expect([0, null]).toContain((body.Amounts as { TipAmount?: unknown }).TipAmount);
      if ((body.Amounts as { TipAmount?: unknown }).TipAmount === null) nulled.add('Amounts.TipAmount');
      expect(parseResponse('Sale', body).GeneralResponse.StatusCode).toBe('0000');
    }
    expect(nulled.has('Amounts.TipAmount')).toBe(true);
    expect(nulled.size).toBeGreaterThanOrEqual(12);
    expect(nulled.has('CardData') && nulled.has('Receipts') && nulled.has('GeneralResponse.Message')).toBe(true);
  });
});

describe("production's own shapes under every answer variant (issue 39)", () => {
  it("leaves the framework's 500 for a malformed nested object as it is, on a Sale and on a Status lookup", async () => {
    await start({ variants: { 'numeric-codes': 1, 'off-type': 1, 'extra-fields': 1, nulls: 1, 'docs-sample': 1, 'busy-lookup': 1 } });
    for (const [name, fields] of [
      ['Sale', { PaymentType: 'Credit', ReferenceId: 'NEST1', Amount: 3, CallbackInfo: 'https://pos.example/cb' }],
      ['Status', { PaymentType: 'Credit', ReferenceId: 'NEST1', CallbackInfo: 7 }],
    ] as const) {
      const answer = await post(name, fields);
      expect([answer.status, JSON.parse(answer.text)]).toEqual([500, { Message: 'An error has occurred.' }]);
    }
    expect(recorded()).toEqual([]);
  });
});

describe('answered by what stands in front of the proxy', () => {
  it('html-502: an HTML page from the load balancer; seeded, some after the terminal carried the request out and some before', async () => {
    const answers = await salesUnder('html-502');
    for (const answer of answers) {
      expect(answer.status).toBe(502);
      expect(answer.headers.get('content-type')).toBe('text/html');
      expect(answer.text).toContain('<title>502 Bad Gateway</title>');
    }
    expectSomeForwarded(answers.length, 502, 'html-502');
  });

  it("server-error-500: the service's own JSON error body with no GeneralResponse; seeded, some after the terminal carried the request out", async () => {
    const answers = await salesUnder('server-error-500');
    for (const answer of answers) {
      expect(answer.status).toBe(500);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(JSON.parse(answer.text)).toEqual({ Message: 'An error has occurred.' });
    }
    expectSomeForwarded(answers.length, 500, 'server-error-500');
    // A malformed nested object, as seen live, gets the same 500 and reaches nothing.
    const malformed = await sale('MALFORMED1', { Cart: { Amounts: 'Total', Items: {} } });
    expect([malformed.status, malformed.text]).toEqual([500, '{"Message":"An error has occurred."}']);
    expect(recorded()).not.toContain('MALFORMED1');
  });

  it('rate-limit: 429 with Retry-After, before the request reaches the terminal', async () => {
    await start({ variants: { 'rate-limit': 1 }, retryAfterSeconds: 7 });
    const answer = await sale('RL1');
    expect([answer.status, answer.headers.get('retry-after')]).toEqual([429, '7']);
    expect(JSON.parse(answer.text)).toEqual({ message: 'Too Many Requests' });
    expect(recorded()).toEqual([]);
    expect(events()[0]).toMatchObject({ applied: ['rate-limit'], httpStatus: 429, retryAfterSeconds: 7 });
  });

  it('redirect: 301/302/307/308 to another host, recorded in the log; the simulator never sends anything there itself', async () => {
    other = await startOtherHost();
    await start({ variants: { redirect: 1 }, redirectTo: `${other.url}/` });
    const statuses = new Set<number>();
    for (const ref of refs(16)) {
      const answer = await sale(ref);
      statuses.add(answer.status);
      expect(answer.headers.get('location')).toBe(`${other.url}/v2/Payment/Sale`);
    }
    expect([...statuses].sort()).toEqual([301, 302, 307, 308]);
    expect(recorded()).toEqual([]);
    expect(events().every((e) => e.location === `${other?.url}/v2/Payment/Sale`)).toBe(true);
    expect(other.requests).toEqual([]);
  });
});

describe('lookups', () => {
  it('busy-lookup: Status answers 1/1000 echoing the ReferenceId and the TransactionType of the record it found', async () => {
    await start({ variants: { 'busy-lookup': 1 } });
    const approved = await sale('BUSY1');
    expect(codes(json(approved))).toBe('0/0000'); // only lookups are answered busy
    const busy = json(await status('BUSY1'));
    expect(busy).toMatchObject({
      ReferenceId: 'BUSY1',
      TransactionType: 'Sale',
      PaymentType: 'Credit',
      GeneralResponse: { ResultCode: '1', StatusCode: '1000' },
    });
    expect(busy.Amounts).toEqual({ TotalAmount: null, Amount: null, TipAmount: null, FeeAmount: null, TaxAmount: null });
    expect(json(await status('NOSUCH1'))).toMatchObject({
      ReferenceId: 'NOSUCH1',
      TransactionType: 'Status',
      GeneralResponse: { StatusCode: '1000' },
    });
    // A lookup the proxy refused never reached the terminal: it stays what it was.
    const wrongKey = json(await status('BUSY1', { tpn: TEST_TERMINAL.tpn, authkey: 'WRONGKEY01' }));
    expect(codes(wrongKey)).toBe('2/2002');
    expect(events().map((e) => e.applied)).toEqual([[], ['busy-lookup'], ['busy-lookup'], []]);
  });

  it('not-found-2009: an unknown reference is 2/2009 "Transaction not found"; a known one is answered as usual', async () => {
    await start({ variants: { 'not-found-2009': 1 } });
    await sale('KNOWN1');
    expect(json(await status('UNKNOWN1'))).toEqual({
      GeneralResponse: expect.objectContaining({ ResultCode: '2', StatusCode: '2009', DetailedMessage: 'Transaction UNKNOWN1 not found' }),
      PaymentType: 'Credit',
      ReferenceId: 'UNKNOWN1',
    });
    expect(codes(json(await status('KNOWN1')))).toBe('0/0000');
  });
});

describe('slow and dripping bodies', () => {
  it('slow: headers at once, the whole body after bodyMs', async () => {
    await start({ variants: { slow: 1 }, bodyMs: { min: 400, max: 400 } });
    const answer = await sale('SLOW1');
    // The headers came first and the body most of bodyMs later (timer drift allowed for).
    expect(answer.totalMs).toBeGreaterThanOrEqual(390);
    expect(answer.totalMs - answer.headersMs).toBeGreaterThanOrEqual(300);
    expect(json(answer)).toMatchObject({ ReferenceId: 'SLOW1', GeneralResponse: { StatusCode: '0000' } });
    expect(events()[0]).toMatchObject({ applied: ['slow'], bodyMs: 400 });
  });

  it('drip: headers at once, then the body trickles in small writes over bodyMs', async () => {
    await start({ variants: { drip: 1 }, bodyMs: { min: 300, max: 300 }, dripChunkBytes: 64 });
    const answer = await sale('DRIP1');
    expect(answer.totalMs).toBeGreaterThanOrEqual(290);
    expect(answer.totalMs - answer.headersMs).toBeGreaterThanOrEqual(200);
    expect(answer.reads).toBeGreaterThanOrEqual(5);
    expect(Number(answer.headers.get('content-length'))).toBe(Buffer.byteLength(answer.text));
    expect(json(answer)).toMatchObject({ ReferenceId: 'DRIP1', Amounts: { Amount: 12.5 } });
  });

  it('close() cuts a drip in progress instead of waiting for it', async () => {
    await start({ variants: { drip: 1 }, bodyMs: { min: 60_000, max: 60_000 } });
    // The outcome is caught at once: the rejection happens during close(), before any await below.
    const outcome = sale('CUT1').then(
      () => 'answered',
      (error: unknown) => (error instanceof Error ? 'cut' : 'odd'),
    );
    await expect.poll(() => events().length).toBe(1);
    const started = performance.now();
    await sim.close();
    // Far below the drip's 60 s, and far above what a loaded machine's close can take.
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(await outcome).toBe('cut');
  });
});

describe('seeding, rates and scope', () => {
  /** What a test can compare between runs: the treatment, not the clock. */
  const treatments = (list: RealWorldEvent[]) =>
    list.map(({ tpn, endpoint, referenceId, occurrence, applied, httpStatus, forwarded, location, bodyMs }) => ({
      tpn,
      endpoint,
      referenceId,
      occurrence,
      applied,
      httpStatus,
      forwarded,
      location,
      bodyMs,
    }));
  const MIX: RealWorldInput = {
    variants: {
      'numeric-codes': 0.5,
      'off-type': 0.5,
      'extra-fields': 0.5,
      nulls: 0.5,
      'html-502': 0.2,
      'rate-limit': 0.1,
      'busy-lookup': 0.3,
    },
  };

  async function runMix(seed: number, order: 'by-terminal' | 'interleaved') {
    await start({ ...MIX, seed });
    const steps = refs(12).flatMap((ref) => [
      { creds: TEST_TERMINAL, ref },
      { creds: OTHER, ref },
    ]);
    const ordered =
      order === 'interleaved' ? steps : [...steps.filter((s) => s.creds === TEST_TERMINAL), ...steps.filter((s) => s.creds === OTHER)];
    const bodies = new Map<string, string>();
    for (const { creds, ref } of ordered) {
      const answer = await sale(ref, {}, creds);
      const lookup = await status(ref, creds);
      // Auth codes and dates differ between terminals; the shape of the answer is what is compared.
      bodies.set(
        `${creds.tpn}/${ref}`,
        `${answer.status} ${lookup.status} ${Object.keys(JSON.parse(answer.status === 200 ? answer.text : '{}') as object).join()}`,
      );
    }
    const log = treatments(events()).sort((a, b) =>
      `${a.tpn}${a.referenceId}${a.endpoint}`.localeCompare(`${b.tpn}${b.referenceId}${b.endpoint}`),
    );
    await sim.close();
    return { log, bodies: [...bodies].sort() };
  }

  it('the same seed gives the same treatments, in any interleaving of terminals; another seed does not', async () => {
    const first = await runMix(41, 'interleaved');
    const again = await runMix(41, 'by-terminal');
    const otherSeed = await runMix(42, 'interleaved');
    expect(again).toEqual(first);
    expect(otherSeed.log).not.toEqual(first.log);
    expect(first.log.some((e) => e.applied.length > 0)).toBe(true);
    await start(); // afterEach closes it
  });

  it('applies each variant at its rate (seeded, so the count is exact run to run)', async () => {
    await start({ variants: { 'busy-lookup': 0.25 } });
    for (let i = 0; i < 400; i++) await status('NONE');
    const busy = events().filter((e) => e.applied.includes('busy-lookup')).length;
    expect(busy).toBeGreaterThan(70);
    expect(busy).toBeLessThan(130);
    expect(events().map((e) => e.occurrence)).toEqual(Array.from({ length: 400 }, (_, i) => i));
  });

  it('keeps a variant to the endpoints it names', async () => {
    await start({ variants: { 'html-502': { rate: 1, endpoints: ['Sale'] } } });
    expect((await sale('SCOPE1')).status).toBe(502);
    expect((await status('SCOPE1')).status).toBe(200);
  });

  it('reset() starts the sequences again: the same requests get the same treatment', async () => {
    await start({ variants: { 'html-502': 0.5, 'numeric-codes': 0.5 } });
    const once = async () => {
      for (const ref of refs(8)) await sale(ref);
      return treatments(events()).map(({ referenceId, applied, forwarded }) => ({ referenceId, applied, forwarded }));
    };
    const first = await once();
    sim.control.reset();
    expect(await once()).toEqual(first);
  });
});

describe('command line', () => {
  it('serves the real-world mode the flags ask for, seeded by --seed', async () => {
    await start(); // afterEach closes it
    const child = spawn('node_modules/.bin/tsx', [
      'simulator/cli.ts',
      '--port=0',
      `--terminal=${TEST_TERMINAL.tpn}:${TEST_TERMINAL.authkey}`,
      '--seed=3',
      '--real-world=rate-limit=1',
      '--real-world-retry-after=4',
    ]);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const url = await new Promise<string>((resolve) => createInterface({ input: child.stdout }).once('line', resolve));
    const res = await fetch(`${url}/v2/Payment/Status`, {
      method: 'POST',
      body: JSON.stringify({ Tpn: TEST_TERMINAL.tpn, Authkey: TEST_TERMINAL.authkey, PaymentType: 'Credit', ReferenceId: 'CLI1' }),
    });
    expect([res.status, res.headers.get('retry-after')]).toEqual([429, '4']);
    const view = (await (await fetch(`${url}/_sim/real-world`)).json()) as { settings: { seed: number } };
    expect(view.settings.seed).toBe(3);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});

describe('control API and validation', () => {
  async function control(method: 'GET' | 'POST', body?: unknown) {
    const res = await fetch(`${sim.url}/_sim/real-world`, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    return {
      status: res.status,
      body: (await res.json()) as { ok: boolean; error?: string; settings?: unknown; events?: RealWorldEvent[] },
    };
  }

  it('turns the mode on with defaults filled in, shows settings and log, and off again with no variants', async () => {
    await start();
    const on = await control('POST', { variants: { 'rate-limit': 1 }, seed: 9 });
    expect(on).toEqual({
      status: 200,
      body: {
        ok: true,
        settings: {
          variants: { 'rate-limit': 1 },
          seed: 9,
          forwardedRate: 0.5,
          retryAfterSeconds: 1,
          bodyMs: { min: 200, max: 3000 },
          busyWindowMs: { min: 30_000, max: 50_000 },
          dripChunkBytes: 16,
          redirectTo: 'http://redirect-target.invalid',
        },
      },
    });
    expect((await sale('CTL1')).status).toBe(429);
    const view = await control('GET');
    expect(view.body.events).toMatchObject([{ seq: 1, referenceId: 'CTL1', applied: ['rate-limit'] }]);
    expect(await control('POST', {})).toEqual({ status: 200, body: { ok: true, settings: null } });
    expect((await sale('CTL2')).status).toBe(200);
    expect((await control('GET')).body).toEqual({ ok: true, settings: null, events: [] });
  });

  it.each([
    [{ variants: { teleport: 1 } }, /^Invalid real-world settings: variants\.teleport is not a real-world variant \(known: redirect, /],
    [{ variants: { 'html-502': 2 } }, 'Invalid real-world settings: variants.html-502 must be a number from 0 to 1'],
    [
      { variants: { 'busy-lookup': { rate: 1, endpoints: ['Sale'] } } },
      'Invalid real-world settings: variants.busy-lookup.endpoints may only name Status (it answers lookups)',
    ],
    [
      { variants: { drip: { rate: 1, endpoints: ['Refund'] } } },
      /^Invalid real-world settings: variants\.drip\.endpoints\.0 must be one of Sale, Auth/,
    ],
    [{ variants: { drip: 1 }, bodyMs: { min: 500, max: 100 } }, 'Invalid real-world settings: bodyMs.max must not be below min'],
    [
      { variants: { redirect: 1 }, redirectTo: 'ftp://elsewhere' },
      'Invalid real-world settings: redirectTo must be an http:// or https:// URL',
    ],
    [
      { variants: { 'rate-limit': 1 }, retryAfterSeconds: 1.5 },
      'Invalid real-world settings: retryAfterSeconds must be a whole number of seconds',
    ],
    [{ variants: {}, colour: 'red' }, 'Invalid real-world settings: colour is not a field this endpoint accepts'],
  ])('refuses %j with 400 naming the field and rule, and changes nothing', async (settings, message) => {
    await start({ variants: { 'numeric-codes': 1 } });
    const refused = await control('POST', settings);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(message);
    expect(sim.control.getRealWorld().settings?.variants).toEqual({ 'numeric-codes': 1 });
  });

  it('refuses bad settings at start with a TypeError naming the option', async () => {
    await start();
    await expect(startSimulator({ terminals: [TEST_TERMINAL], realWorld: { variants: { slow: -1 } } })).rejects.toThrow(
      'Invalid simulator options: realWorld.variants.slow must be a number from 0 to 1',
    );
  });
});

describe('real-world mode: the endpoints the proxy answers itself', () => {
  it('redirects TerminalStatus without repeating its query (the Authkey) in Location, and still reads its JSON', async () => {
    await start({ variants: { redirect: { rate: 1, endpoints: ['TerminalStatus'] }, 'extra-fields': 1, 'numeric-codes': 1 } });
    const query = `?request.tpn=${TEST_TERMINAL.tpn}&request.authkey=${TEST_TERMINAL.authkey}`;
    const redirected = await fetch(`${sim.url}/v2/Common/TerminalStatus${query}`, { redirect: 'manual' });
    expect(redirected.status).toBeGreaterThanOrEqual(301);
    expect(redirected.headers.get('location')).toBe('http://redirect-target.invalid/v2/Common/TerminalStatus');
    expect(JSON.stringify(events())).not.toContain(TEST_TERMINAL.authkey);
    // AbortTransaction is not redirected here (the rule names TerminalStatus only): nothing runs, 2301, codes as numbers.
    const abort = await post('AbortTransaction', {});
    expect([abort.status, codes(json(abort))]).toEqual([200, '2/2301']);
    expect(parseResponse('AbortTransaction', json(abort)).GeneralResponse.StatusCode).toBe('2301');
  });

  it('leaves a TerminalStatus answer readable under every JSON variant', async () => {
    await start({ variants: { 'numeric-codes': 1, 'off-type': 1, 'extra-fields': 1, nulls: 1 } });
    const answer = await fetch(
      `${sim.url}/v2/Common/TerminalStatus?request.tpn=${TEST_TERMINAL.tpn}&request.authkey=${TEST_TERMINAL.authkey}`,
    );
    expect(answer.status).toBe(200);
    expect(parseResponse('TerminalStatus', await answer.json())).toMatchObject({ TerminalStatus: 'Online', Tpn: TEST_TERMINAL.tpn });
  });
});
