// One test per simulator rule, over real HTTP with fetch. Every SPIn answer goes through
// spinClient, which fails the test when the body does not parse with the shared response schema.
import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../simulator';
import { TEST_TERMINAL, codes, parseResponse, spinClient, type SpinClient } from '../support/simulator-kit';

let sim: RunningSimulator;
let spin: SpinClient;

async function start(options: Parameters<typeof startSimulator>[0] = {}) {
  sim = await startSimulator({ terminals: [TEST_TERMINAL], seed: 11, ...options });
  spin = spinClient(sim.url);
}

beforeEach(async () => start());
afterEach(async () => sim.close());

const sale = (ReferenceId: string, Amount: number, extra: Record<string, unknown> = {}) =>
  spin.post('Sale', { PaymentType: 'Credit', ReferenceId, Amount, ...extra });

async function raw(path: string, init: RequestInit = {}) {
  const res = await fetch(`${sim.url}${path}`, { method: 'POST', ...init });
  return { status: res.status, headers: res.headers, body: (await res.json()) as { GeneralResponse: Record<string, unknown> } };
}

describe('transactions', () => {
  it('answers a duplicate ReferenceId in the open batch with 1/1011 "Canceled" / "Duplicate Reference Id"', async () => {
    expect(codes((await sale('DUP1', 5)).parsed)).toBe('0/0000');
    const duplicate = await sale('DUP1', 6);
    expect(duplicate.status).toBe(200);
    expect(duplicate.parsed.GeneralResponse).toMatchObject({
      ResultCode: '1',
      StatusCode: '1011',
      Message: 'Canceled',
      DetailedMessage: 'Duplicate Reference Id',
    });
  });

  it('voids before settlement (original marked Voided) and answers 1001 after it', async () => {
    await sale('V1', 8.25);
    await sale('V2', 3);
    const voided = await spin.post('Void', { PaymentType: 'Credit', ReferenceId: 'V1', Amount: 8.25 });
    expect(voided.parsed).toMatchObject({ TransactionType: 'Void', Voided: true });
    expect((await spin.post('Status', { PaymentType: 'Credit', ReferenceId: 'V1' })).parsed.Voided).toBe(true);
    expect(codes((await spin.post('Settle', {})).parsed)).toBe('0/0000');
    const late = await spin.post('Void', { PaymentType: 'Credit', ReferenceId: 'V2', Amount: 3 });
    expect(codes(late.parsed)).toBe('1/1001');
  });

  it('after Settle, the lookups see only the new open batch: a settled reference is 1/1001 to Status, absent from StatusList and Daily', async () => {
    await sale('S1', 5);
    expect(codes((await spin.post('Settle', {})).parsed)).toBe('0/0000');
    const status = await spin.post('Status', { PaymentType: 'Card', ReferenceId: 'S1' });
    expect(status.parsed).toMatchObject({
      GeneralResponse: { ResultCode: '1', StatusCode: '1001', DetailedMessage: expect.stringMatching(/open batch 2/) },
    });
    const list = await spin.post('StatusList', { PaymentType: 'Card', TransactionFromIndex: 1, TransactionToIndex: 25 });
    expect(list.parsed.Transactions).toEqual([]);
    const daily = await spin.post('Daily', {});
    expect(JSON.stringify(daily.parsed)).not.toMatch(/"S1"/);
  });

  it('answers a Capture with an unknown AuthCode with 1/1001 and records nothing', async () => {
    const capture = await spin.post('Capture', { PaymentType: 'Credit', ReferenceId: 'C1', Amount: 10, AuthCode: 'NOAUTH' });
    expect(codes(capture.parsed)).toBe('1/1001');
    expect(sim.control.getState(TEST_TERMINAL.tpn).records).toEqual([]);
  });

  it('settles totals equal to the sum of the batch records, then restarts numbering', async () => {
    const amounts = [12.34, 0.01, 99.99, 45.5];
    for (const [i, amount] of amounts.entries()) await sale(`T${i}`, amount);
    await spin.post('Void', { PaymentType: 'Credit', ReferenceId: 'T1', Amount: 0.01 });
    await spin.post('Return', { PaymentType: 'Credit', ReferenceId: 'R1', Amount: 20 });
    const records = sim.control.getState(TEST_TERMINAL.tpn).records.map((r) => parseResponse('Status', r));
    const sum = (pick: (r: (typeof records)[number]) => boolean) =>
      Math.round(records.filter(pick).reduce((cents, r) => cents + Math.round((r.Amounts?.TotalAmount ?? 0) * 100), 0)) / 100;
    const settle = await spin.post('Settle', { SettlementType: 'Close' });
    const report = settle.parsed.SettleDetails?.[0]?.TransactionsReports;
    expect(report).toMatchObject({
      TransactionsCount: records.length,
      SaleAmount: sum((r) => r.TransactionType === 'Sale' && !r.Voided),
      ReturnAmount: sum((r) => r.TransactionType === 'Return' && !r.Voided),
      VoidAmount: sum((r) => r.Voided === true),
    });
    expect(report?.TotalAmount).toBe(Math.round((12.34 + 99.99 + 45.5 - 20) * 100) / 100);
    expect((await sale('T0', 1)).parsed).toMatchObject({ BatchNumber: '2', TransactionNumber: '1' });
  });

  it('returns the records whose TransactionNumber lies in [From, To] from StatusList', async () => {
    for (let i = 1; i <= 6; i++) await sale(`L${i}`, i);
    const list = async (from: number, to: number) =>
      (
        await spin.post('StatusList', { PaymentType: 'Credit', TransactionFromIndex: from, TransactionToIndex: to })
      ).parsed.Transactions?.map((t) => t.TransactionNumber);
    expect(await list(2, 4)).toEqual(['2', '3', '4']);
    expect(await list(6, 6)).toEqual(['6']);
    expect(await list(5, 100)).toEqual(['5', '6']);
    expect(await list(7, 9)).toEqual([]);
    const reversed = await spin.post('StatusList', { PaymentType: 'Credit', TransactionFromIndex: 4, TransactionToIndex: 2 });
    expect(reversed.status).toBe(400);
    expect(reversed.parsed.GeneralResponse.DetailedMessage).toContain('TransactionToIndex');
  });

  it('lists store-and-forward transactions added through the control API in OfflineStatus', async () => {
    const control = await fetch(`${sim.url}/_sim/terminals/${TEST_TERMINAL.tpn}/offline-transactions`, {
      method: 'POST',
      body: JSON.stringify({ referenceId: 'SNF1', amount: 7.5, transactionDateTime: '2026-02-01T09:30:00Z' }),
    });
    expect(control.status).toBe(200);
    await sale('ONLINE1', 2);
    const offline = await spin.post('OfflineStatus', { PaymentType: 'Credit' });
    expect(offline.parsed.Transactions).toHaveLength(1);
    expect(offline.parsed.Transactions?.[0]).toMatchObject({ ReferenceId: 'SNF1', TransactionDateTime: '2026-02-01T09:30:00Z' });
  });
});

describe('proxy rules', () => {
  it('answers a wrong Authkey with 2/2002 (HTTP 200)', async () => {
    const answer = await spinClient(sim.url, { tpn: TEST_TERMINAL.tpn, authkey: 'WRONGKEY01' }).post('Status', {
      PaymentType: 'Credit',
      ReferenceId: 'X',
    });
    expect([answer.status, codes(answer.parsed)]).toEqual([200, '2/2002']);
  });

  it('answers an unknown Tpn with 2/2003 (HTTP 200)', async () => {
    const answer = await spinClient(sim.url, { tpn: 'UNKNOWN00001', authkey: TEST_TERMINAL.authkey }).post('Status', {
      PaymentType: 'Credit',
      ReferenceId: 'X',
    });
    expect([answer.status, codes(answer.parsed)]).toEqual([200, '2/2003']);
  });

  it('answers a missing or malformed field with HTTP 400 / 2201 naming the field and rule', async () => {
    const missing = await spin.post('Sale', { PaymentType: 'Credit', ReferenceId: 'F1' });
    expect([missing.status, codes(missing.parsed)]).toEqual([400, '2/2201']);
    expect(missing.parsed.GeneralResponse).toMatchObject({ Message: 'Error', DetailedMessage: 'The Amount field is required.' });
    const badEnum = await sale('F2', 5, { PaymentType: 'Bitcoin' });
    expect(badEnum.parsed.GeneralResponse.DetailedMessage).toMatch(/^For PaymentType field required values are \[Credit, Debit, /);
    const unknownField = await sale('F3', 5, { GetToken: true });
    expect(unknownField.parsed.GeneralResponse.DetailedMessage).toContain('GetToken');
    const notJson = await raw('/v2/Payment/Sale', { body: '{"Amount": 1,' });
    expect([notJson.status, codes(notJson.body)]).toEqual([400, '2/2201']);
    expect(notJson.body.GeneralResponse.DetailedMessage).toMatch(/^Invalid request data : Body is not valid JSON/);
  });

  it('answers an unknown path with 404 and a GeneralResponse 2/2004; other methods with 405; big bodies with 413', async () => {
    const missing = await raw('/v2/Payment/Refund', { body: '{}' });
    expect([missing.status, codes(missing.body)]).toEqual([404, '2/2004']);
    expect(missing.body.GeneralResponse.DetailedMessage).toBe('No SPIn endpoint at /v2/Payment/Refund');
    const get = await raw('/v2/Payment/Sale', { method: 'GET' });
    expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST']);
    const big = await raw('/v2/Payment/Sale', { body: JSON.stringify({ pad: 'x'.repeat(1024 * 1024) }) });
    expect([big.status, codes(big.body)]).toEqual([413, '2/2201']);
    // Paths are case-insensitive.
    const lower = await raw('/V2/PAYMENT/status', {
      body: JSON.stringify({ Tpn: TEST_TERMINAL.tpn, Authkey: TEST_TERMINAL.authkey, PaymentType: 'Credit', ReferenceId: 'Q' }),
    });
    expect([lower.status, codes(lower.body)]).toEqual([200, '1/1001']);
  });

  it('answers a second request for a busy terminal with 2/2008 and DelayBeforeNextRequest, but still answers Status', async () => {
    const held = sale('H1', 20.07, { SPInProxyTimeout: 3 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const busy = await sale('H2', 5);
    expect(codes(busy.parsed)).toBe('2/2008');
    const delay = busy.parsed.GeneralResponse.DelayBeforeNextRequest ?? 0;
    expect(delay).toBeGreaterThanOrEqual(1);
    expect(delay).toBeLessThanOrEqual(3);
    expect(codes((await spin.post('Status', { PaymentType: 'Credit', ReferenceId: 'H1' })).parsed)).toBe('1/1001');
    await sim.close(); // close() answers the held request promptly instead of waiting 3 s
    expect(codes((await held).parsed)).toBe('2/2001');
  });

  it('answers every request, Status too, with 2/2008 while the terminal is in use elsewhere (/_sim/.../in-use)', async () => {
    await sale('IU1', 5);
    const put = await raw(`/_sim/terminals/${TEST_TERMINAL.tpn}/in-use`, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seconds: 4 }),
    });
    expect(put.status).toBe(200);
    const status = await spin.post('Status', { PaymentType: 'Credit', ReferenceId: 'IU1' });
    expect(codes(status.parsed)).toBe('2/2008');
    expect(status.parsed.GeneralResponse.DelayBeforeNextRequest).toBeGreaterThan(3);
    expect(codes((await sale('IU2', 5)).parsed)).toBe('2/2008');
    const bad = await raw(`/_sim/terminals/${TEST_TERMINAL.tpn}/in-use`, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seconds: 721 }),
    });
    expect(bad.status).toBe(400);
    sim.control.setInUse(TEST_TERMINAL.tpn, 0);
    expect(codes((await spin.post('Status', { PaymentType: 'Credit', ReferenceId: 'IU1' })).parsed)).toBe('0/0000');
  });

  it('answers 2/2007 for amount 20.07 exactly when SPInProxyTimeout (1 s) is up, and records nothing', async () => {
    const started = performance.now();
    const answer = await sale('TO1', 20.07, { SPInProxyTimeout: 1 });
    const seconds = (performance.now() - started) / 1000;
    expect(codes(answer.parsed)).toBe('2/2007');
    expect(seconds).toBeGreaterThanOrEqual(0.99);
    expect(seconds).toBeLessThan(3);
    expect(sim.control.getState(TEST_TERMINAL.tpn).records).toEqual([]);
    expect(codes((await sale('TO2', 5)).parsed)).toBe('0/0000'); // the terminal is free again
  });

  it('finishes and records a sale whose client disconnected early (what a real terminal does)', async () => {
    await sim.close();
    await start({ processingDelayMs: 300 });
    const abort = new AbortController();
    const request = fetch(`${sim.url}/v2/Payment/Sale`, {
      method: 'POST',
      signal: abort.signal,
      body: JSON.stringify({
        Tpn: TEST_TERMINAL.tpn,
        Authkey: TEST_TERMINAL.authkey,
        PaymentType: 'Credit',
        ReferenceId: 'GONE1',
        Amount: 9,
      }),
    });
    setTimeout(() => abort.abort(), 50);
    await expect(request).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 400));
    const status = await spin.post('Status', { PaymentType: 'Credit', ReferenceId: 'GONE1' });
    expect(status.parsed).toMatchObject({ ReferenceId: 'GONE1', Amounts: { Amount: 9 }, GeneralResponse: { StatusCode: '0000' } });
  });

  it('answers 2/2001 while the terminal is set offline through the control API', async () => {
    const set = (online: boolean) =>
      fetch(`${sim.url}/_sim/terminals/${TEST_TERMINAL.tpn}/online`, { method: 'POST', body: JSON.stringify({ online }) });
    expect((await set(false)).status).toBe(200);
    expect(codes((await sale('OFF1', 5)).parsed)).toBe('2/2001');
    await set(true);
    expect(codes((await sale('OFF1', 5)).parsed)).toBe('0/0000');
  });
});

describe('control API and persistence', () => {
  it('queues customer answers and exposes the last cart shown', async () => {
    const queued = await fetch(`${sim.url}/_sim/terminals/${TEST_TERMINAL.tpn}/answers`, {
      method: 'POST',
      body: JSON.stringify([{ kind: 'text', text: '02134' }, { kind: 'cancel' }]),
    });
    expect(queued.status).toBe(200);
    expect((await spin.post('UserInput', { Title: 'ZIP', Type: 'Number' })).parsed.InputedString).toBe('02134');
    expect(codes((await spin.post('UserChoice', { Title: 'R', ChoiceOptions: ['A', 'B'] })).parsed)).toBe('1/1012');
    const cart = { Amounts: [{ Name: 'Total', Value: 4.5 }], Items: [{ Name: 'Flat white', Price: 4.5, Quantity: 1 }] };
    await spin.post('Cart', { Cart: cart });
    const state = await (await fetch(`${sim.url}/_sim/terminals/${TEST_TERMINAL.tpn}`)).json();
    expect(state).toMatchObject({ ok: true, state: { lastCart: cart, queuedAnswers: [] } });
    const bad = await fetch(`${sim.url}/_sim/terminals/${TEST_TERMINAL.tpn}/outcomes`, { method: 'POST', body: '{"kind":"explode"}' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/^Invalid body: kind/);
  });

  it('keeps its state across a restart when given a state file', async () => {
    await sim.close();
    const statePath = join(await mkdtemp(join(tmpdir(), 'spin-sim-')), 'state.json');
    await start({ statePath });
    await sale('P1', 4);
    await spin.post('Settle', {});
    await sale('P2', 6);
    await sim.close();
    await start({ statePath, seed: 12 });
    const status = await spin.post('Status', { PaymentType: 'Credit', ReferenceId: 'P2' });
    expect(status.parsed).toMatchObject({ BatchNumber: '2', TransactionNumber: '1', Amounts: { Amount: 6 } });
    expect((await sale('P3', 1)).parsed.TransactionNumber).toBe('2');
    expect(codes((await sale('P2', 1)).parsed)).toBe('1/1011');
  });

  it('CLI prints its base URL as the first stdout line, serves, and exits 0 on SIGTERM', async () => {
    const child = spawn(
      'node_modules/.bin/tsx',
      ['simulator/cli.ts', '--port', '0', '--terminal', `${TEST_TERMINAL.tpn}:${TEST_TERMINAL.authkey}`],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const firstLine = await new Promise<string>((resolve) => createInterface({ input: child.stdout }).once('line', resolve));
    expect(firstLine).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const answer = await spinClient(firstLine).post('Status', { PaymentType: 'Credit', ReferenceId: 'NONE' });
    expect(codes(answer.parsed)).toBe('1/1001');
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('CLI refuses a bad flag with exit code 2 and a message naming the flag', async () => {
    const child = spawn('node_modules/.bin/tsx', ['simulator/cli.ts', '--port', 'x'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(stderr).toContain('--port must be a whole number from 0 to 65535 (got "x")');
  });
});
