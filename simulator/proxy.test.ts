// The proxy side of the pipeline: order of checks, scenarios by amount, queued outcomes and
// answers, busy terminals and SPInProxyTimeout. Driven through the Dispatcher, without HTTP.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EndpointName } from '@shared/spin';
import { Dispatcher } from './dispatch';
import { SimulatorState } from './state';
import { TEST_TERMINAL, codes, parseResponse } from '../tests/support/simulator-kit';
import { WorkRunner } from './work';

function setup(delayMs = 0) {
  const state = new SimulatorState(7, [TEST_TERMINAL]);
  const runner = new WorkRunner(() => {});
  const dispatcher = new Dispatcher(state, runner, delayMs);
  const terminal = state.terminals.get(TEST_TERMINAL.tpn)!;
  const creds = { Tpn: TEST_TERMINAL.tpn, Authkey: TEST_TERMINAL.authkey };
  const send = async (
    name: Exclude<EndpointName, 'TerminalStatus'>,
    fields: Record<string, unknown>,
    credentials: Record<string, unknown> = creds,
  ) => {
    const reply = await dispatcher.handle(name, { ...credentials, ...fields });
    return { status: reply.status, body: parseResponse(name, reply.body) };
  };
  /** The answer as the app reads it (shared response schema). */
  const call = async <N extends Exclude<EndpointName, 'TerminalStatus'>>(name: N, fields: Record<string, unknown>) =>
    parseResponse(name, (await send(name, fields)).body);
  const sale = (ReferenceId: string, Amount: number, extra = {}) => call('Sale', { PaymentType: 'Credit', ReferenceId, Amount, ...extra });
  return { terminal, runner, send, call, sale };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('order of checks', () => {
  it('validates the schema before the credentials (400 / 2201 naming the field)', async () => {
    const { send } = setup();
    const reply = await send('Sale', { PaymentType: 'Credit', ReferenceId: 'X' }, { Tpn: 'UNKNOWN0001', Authkey: 'WRONGKEY01' });
    expect(reply.status).toBe(400);
    expect(reply.body.GeneralResponse).toMatchObject({ ResultCode: '2', StatusCode: '2201', Message: 'Error' });
    expect(reply.body.GeneralResponse.DetailedMessage).toBe('The Amount field is required.');
  });

  it('then Tpn (2003), Authkey (2002) and connectivity (2001), all HTTP 200', async () => {
    const { send, terminal } = setup();
    const sale = { PaymentType: 'Credit', ReferenceId: 'X', Amount: 1 };
    const unknown = await send('Sale', sale, { Tpn: 'UNKNOWN0001', Authkey: 'WRONGKEY01' });
    expect([unknown.status, codes(unknown.body)]).toEqual([200, '2/2003']);
    const wrongKey = await send('Sale', sale, { Tpn: TEST_TERMINAL.tpn, Authkey: 'WRONGKEY01' });
    expect([wrongKey.status, codes(wrongKey.body)]).toEqual([200, '2/2002']);
    terminal.online = false;
    const offline = await send('Sale', sale);
    expect([offline.status, codes(offline.body)]).toEqual([200, '2/2001']);
    expect(terminal.batch.size).toBe(0);
  });
});

describe('scenarios by amount', () => {
  it.each([
    [10.01, '1/1001'],
    [10.12, '1/1012'],
    [10.15, '1/1015'],
    [10.11, '1/1011'],
    [10.24, '1/1024'],
    [10.0, '0/0000'],
    [10.25, '0/0000'],
    [20.01, '2/2001'],
    [20.03, '2/2003'],
    [20.11, '2/2011'],
    [20.12, '0/0000'],
  ])('Sale of %s answers %s', async (amount, expected) => {
    const { sale, terminal } = setup();
    expect(codes(await sale('M1', amount))).toBe(expected);
    expect(terminal.batch.size).toBe(expected === '0/0000' ? 1 : 0);
  });

  it('20.08 answers busy with a DelayBeforeNextRequest and leaves the terminal free', async () => {
    const { sale, terminal } = setup();
    const busy = await sale('M1', 20.08);
    expect(codes(busy)).toBe('2/2008');
    expect(busy.GeneralResponse.DelayBeforeNextRequest).toBe(5);
    expect(terminal.busy).toBeNull();
  });

  it('20.07 holds until SPInProxyTimeout, answers 2007 and records nothing', async () => {
    vi.useFakeTimers();
    const { sale, terminal, call } = setup();
    const pending = sale('M1', 20.07, { SPInProxyTimeout: 3 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(terminal.busy).not.toBeNull();
    // Status is answered from the proxy's record even while the terminal is busy.
    expect(codes(await call('Status', { PaymentType: 'Credit', ReferenceId: 'M1' }))).toBe('1/1001');
    const other = await sale('M2', 1);
    expect(codes(other)).toBe('2/2008');
    expect(other.GeneralResponse.DelayBeforeNextRequest).toBe(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(codes(await pending)).toBe('2/2007');
    expect(terminal.busy).toBeNull();
    expect(terminal.batch.size).toBe(0);
  });
});

describe('processing delay and timeouts', () => {
  it('keeps the terminal busy for the think time, then records the sale', async () => {
    vi.useFakeTimers();
    const { sale, terminal } = setup(600);
    const pending = sale('S1', 5);
    await vi.advanceTimersByTimeAsync(100);
    expect(codes(await sale('S2', 5))).toBe('2/2008');
    await vi.advanceTimersByTimeAsync(500);
    expect(codes(await pending)).toBe('0/0000');
    expect(terminal.batch.size).toBe(1);
  });

  it('answers 2007 when the terminal is slower than SPInProxyTimeout, but still records the sale', async () => {
    vi.useFakeTimers();
    const { sale, terminal } = setup(2500);
    const pending = sale('S1', 5, { SPInProxyTimeout: 1 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(codes(await pending)).toBe('2/2007');
    expect(terminal.busy).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1500);
    expect(terminal.busy).toBeNull();
    expect(terminal.batch.byReference('S1')?.amountCents).toBe(500);
  });

  it('finishAll completes finite work at once and answers held requests', async () => {
    vi.useFakeTimers();
    const { sale, runner, terminal } = setup(10_000);
    const finite = sale('S1', 5);
    runner.finishAll();
    expect(codes(await finite)).toBe('0/0000');
    terminal.outcomes.push({ kind: 'noAnswer' });
    const held = sale('S2', 5);
    await vi.advanceTimersByTimeAsync(0);
    runner.finishAll();
    expect(codes(await held)).toBe('2/2001');
    expect(terminal.busy).toBeNull();
  });
});

describe('queued payment outcomes', () => {
  it('are consumed in order by new payments and win over magic amounts', async () => {
    const { sale, terminal, call } = setup();
    terminal.outcomes.push({ kind: 'approve' }, { kind: 'decline' }, { kind: 'partial' }, { kind: 'busy', seconds: 9 });
    terminal.outcomes.push({ kind: 'offline' }, { kind: 'cancel' });
    expect(codes(await sale('Q1', 10.15))).toBe('0/0000');
    // Void does not consume queued outcomes, but its own Amount still selects a scenario.
    expect(codes(await call('Void', { PaymentType: 'Credit', ReferenceId: 'Q1', Amount: 10.15 }))).toBe('1/1015');
    expect(codes(await sale('Q2', 5))).toBe('1/1015');
    expect((await sale('Q3', 10)).Amounts?.Amount).toBe(8);
    const busy = await sale('Q4', 5);
    expect([codes(busy), busy.GeneralResponse.DelayBeforeNextRequest]).toEqual(['2/2008', 9]);
    expect(codes(await sale('Q5', 5))).toBe('2/2001');
    expect(codes(await sale('Q6', 5))).toBe('1/1012');
    expect(codes(await sale('Q7', 5))).toBe('0/0000');
    expect(terminal.outcomes).toEqual([]);
  });
});

describe('prompts answered by the simulated customer', () => {
  it('answer with defaults: "12345" cut to MaxLength, the first option, the first invoice, the test card', async () => {
    const { call } = setup();
    expect((await call('UserInput', { Title: 'ZIP', Type: 'Number', MaxLength: 3 })).InputedString).toBe('123');
    expect((await call('UserChoice', { Title: 'Receipt?', ChoiceOptions: ['Print', 'Email'] })).SelectedOption).toBe('Print');
    const invoices = { Title: 'Pick', InvoiceList: [{ Id: 'T7' }, { Id: 'T8' }] };
    expect((await call('SelectInvoice', invoices)).SelectedInvoiceId).toBe('T7');
    const card = await call('GetCard', {});
    expect(card).toMatchObject({ Account: '476173******0119', EntryType: 'Chip' });
  });

  it('use the first queued answer that fits, and leave the others queued', async () => {
    const { call, terminal } = setup();
    terminal.answers.push({ kind: 'option', option: 'Email' }, { kind: 'text', text: '90210' });
    terminal.answers.push({ kind: 'card', card: { brand: 'Amex', last4: '1005' } });
    expect((await call('UserInput', { Title: 'ZIP', Type: 'Number' })).InputedString).toBe('90210');
    expect((await call('GetCard', {})).Account).toBe('371449*****1005');
    expect((await call('UserChoice', { Title: 'R', ChoiceOptions: ['Print', 'Email'] })).SelectedOption).toBe('Email');
    terminal.answers.push({ kind: 'invoice', invoiceId: 'NOPE' }, { kind: 'cancel' });
    expect(codes(await call('SelectInvoice', { Title: 'Pick', InvoiceList: [{ Id: 'T7' }] }))).toBe('1/1013');
    expect(codes(await call('UserChoice', { Title: 'R', ChoiceOptions: ['A'] }))).toBe('1/1012');
  });

  it('hold a noAnswer until SPInProxyTimeout (2007)', async () => {
    vi.useFakeTimers();
    const { call, terminal } = setup();
    terminal.answers.push({ kind: 'noAnswer' });
    const pending = call('UserInput', { Title: 'ZIP', Type: 'Number', SPInProxyTimeout: 2 });
    await vi.advanceTimersByTimeAsync(2000);
    expect(codes(await pending)).toBe('2/2007');
  });
});

describe('display', () => {
  it('keeps the last cart and invoice shown', async () => {
    const { call, terminal } = setup();
    const cart = { Amounts: [{ Name: 'Total', Value: 3 }], Items: [{ Name: 'Tea', Price: 3, Quantity: 1 }] };
    expect(codes(await call('Cart', { Cart: cart }))).toBe('0/0000');
    expect(terminal.lastCart).toEqual(cart);
    await call('PaymentInvoice', { ReferenceId: 'INV1', InvoiceData: { Id: 'T1', TotalAmount: 3 } });
    expect(terminal.lastInvoice).toEqual({ ReferenceId: 'INV1', InvoiceData: { Id: 'T1', TotalAmount: 3 } });
  });

  it('answers Balance with the EBT balances', async () => {
    const { call } = setup();
    const body = await call('Balance', { PaymentType: 'EBT_Food', ReferenceId: 'B1' });
    expect(body.Amounts).toEqual({ EBTFSAvailableBalance: 250, EBTCashAvailableBalance: 80 });
    expect(codes(await call('Balance', { PaymentType: 'Credit', ReferenceId: 'B2' }))).toBe('1/1008');
  });
});
