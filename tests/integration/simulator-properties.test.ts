// Property test: random sequences of operations against one terminal (over HTTP on loopback)
// never break the batch invariants. The model below only remembers what the answers said; the
// invariants are then checked against what Summary, Daily and StatusList report.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../simulator';
import { TEST_TERMINAL, spinClient, type SpinClient } from '../support/simulator-kit';

let sim: RunningSimulator;
let spin: SpinClient;

beforeAll(async () => {
  sim = await startSimulator({ terminals: [TEST_TERMINAL], seed: 3 });
  spin = spinClient(sim.url);
});
afterAll(() => sim.close());

// Magic amounts (README): 10.NN terminal codes, 20.NN proxy codes (20.07 left out: it holds for a
// whole second), 52.00 (a 50.00 sale with its 2.00 tip inside Amount -> partial approval) and
// 10.00, which approves.
const magic = [10, 10.01, 10.11, 10.12, 10.15, 10.24, 20.01, 20.03, 20.08, 20.11, 52];
const amount = fc.oneof(
  fc.constantFrom(...magic),
  fc.integer({ min: 1, max: 99_999 }).map((c) => c / 100),
);
const tip = fc.option(
  fc.oneof(
    fc.constant(2),
    fc.integer({ min: 0, max: 2_000 }).map((c) => c / 100),
  ),
  { nil: undefined },
);
/** Which earlier record an operation targets: an index into the model, or -1 for an unknown one. */
const pick = fc.integer({ min: -1, max: 30 });

const operation = fc.oneof(
  fc.record({ op: fc.constant('Sale' as const), amount, tip, reuse: fc.boolean(), pick }),
  fc.record({ op: fc.constant('Auth' as const), amount, reuse: fc.boolean(), pick }),
  fc.record({ op: fc.constant('Capture' as const), amount, tip, pick }),
  fc.record({ op: fc.constant('Return' as const), amount, reuse: fc.boolean(), pick }),
  fc.record({ op: fc.constant('Void' as const), pick, exact: fc.boolean(), amount }),
  fc.record({ op: fc.constant('TipAdjust' as const), pick, tip: fc.integer({ min: 0, max: 3_000 }).map((c) => c / 100) }),
  fc.record({ op: fc.constant('Status' as const), pick }),
  fc.record({ op: fc.constant('Settle' as const) }),
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

/** What the answers told us about the open batch. */
interface Model {
  refs: string[];
  authByCode: Map<string, string>;
  /** Capture ReferenceId -> Auth ReferenceId it completed. */
  captureOf: Map<string, string>;
  amountOf: Map<string, number>;
  authCodes: string[];
  /** Declined attempts by ReferenceId (magic 10.NN amounts): Status reports them as answered. */
  declined: Map<string, string>;
}

const cents = (dollars: number | null | undefined) => Math.round((dollars ?? 0) * 100);
const APPROVED = new Set(['0000', '0001']);
let counter = 0;

async function apply(model: Model, operation: Operation): Promise<void> {
  const target = (index: number) => (index < 0 || model.refs.length === 0 ? 'UNKNOWNREF' : (model.refs[index % model.refs.length] ?? 'X'));
  const fresh = () => `P${(++counter).toString(36)}`;
  const credit = { PaymentType: 'Credit' };
  switch (operation.op) {
    case 'Sale':
    case 'Auth':
    case 'Return':
    case 'Capture': {
      const reference = 'reuse' in operation && operation.reuse && operation.pick >= 0 ? target(operation.pick) : fresh();
      const fields: Record<string, unknown> = { ...credit, ReferenceId: reference, Amount: operation.amount };
      if ('tip' in operation && operation.tip !== undefined) fields.TipAmount = operation.tip;
      if (operation.op === 'Capture') {
        fields.AuthCode =
          operation.pick < 0 || model.authCodes.length === 0 ? 'NOAUTH' : model.authCodes[operation.pick % model.authCodes.length];
      }
      const wasInBatch = model.refs.includes(reference);
      const { parsed } = await spin.post(operation.op, fields);
      const code = parsed.GeneralResponse.StatusCode ?? '';
      const terminalScenario = cents(operation.amount) > 1000 && cents(operation.amount) <= 1024 && code !== '1011';
      if (terminalScenario && !wasInBatch) model.declined.set(reference, code);
      if (!APPROVED.has(code)) return;
      model.declined.delete(reference);
      // An approval always creates a new record under a ReferenceId that was free.
      expect(wasInBatch).toBe(false);
      expect(parsed.TransactionNumber).toBe(String(model.refs.length + 1));
      model.refs.push(reference);
      model.amountOf.set(reference, cents(parsed.Amounts?.Amount));
      if (operation.op === 'Auth') {
        model.authCodes.push(parsed.AuthCode ?? '');
        model.authByCode.set(parsed.AuthCode ?? '', reference);
      }
      if (operation.op === 'Capture') model.captureOf.set(reference, model.authByCode.get(String(fields.AuthCode)) ?? '');
      return;
    }
    case 'Void': {
      const reference = target(operation.pick);
      const exact = model.amountOf.get(reference);
      const amount = operation.exact && exact !== undefined ? exact / 100 : operation.amount;
      const { parsed } = await spin.post('Void', { ...credit, ReferenceId: reference, Amount: amount });
      if (parsed.GeneralResponse.StatusCode === '0000') {
        expect(parsed.Voided).toBe(true);
        model.captureOf.delete(reference); // a voided Capture re-opens its Auth
      }
      return;
    }
    case 'TipAdjust': {
      const { parsed } = await spin.post('TipAdjust', { ReferenceId: target(operation.pick), TipAmount: operation.tip });
      if (parsed.GeneralResponse.StatusCode === '0000') model.amountOf.set(target(operation.pick), cents(parsed.Amounts?.Amount));
      return;
    }
    case 'Status': {
      const reference = target(operation.pick);
      const { parsed } = await spin.post('Status', { ...credit, ReferenceId: reference });
      const code = parsed.GeneralResponse.StatusCode ?? '';
      if (model.refs.includes(reference)) expect(APPROVED.has(code)).toBe(true);
      else expect(code).toBe(model.declined.get(reference) ?? '1001');
      if (code !== '1001') expect(parsed.ReferenceId).toBe(reference);
      return;
    }
    case 'Settle': {
      const before = await reportedTotals();
      const { parsed } = await spin.post('Settle', {});
      if (model.refs.length === 0) {
        expect(parsed.GeneralResponse.StatusCode).toBe('1020');
        return;
      }
      const settled = (parsed.SettleDetails ?? []).map((d) => d.TransactionsReports);
      expect(sumReports(settled)).toEqual(before);
      Object.assign(model, emptyModel());
      return;
    }
  }
}

const emptyModel = (): Model => ({
  refs: [],
  authByCode: new Map(),
  captureOf: new Map(),
  amountOf: new Map(),
  authCodes: [],
  declined: new Map(),
});

type Report = {
  [K in 'TransactionsCount' | 'SaleAmount' | 'ReturnAmount' | 'VoidAmount' | 'AuthAmount' | 'TicketAmount' | 'TotalAmount']?: number | null;
};

/** Report rows summed in cents (one row per payment application). */
function sumReports(rows: (Report | null | undefined)[]) {
  const total = { count: 0, sale: 0, ret: 0, void: 0, auth: 0, ticket: 0, net: 0 };
  for (const row of rows) {
    total.count += row?.TransactionsCount ?? 0;
    total.sale += cents(row?.SaleAmount);
    total.ret += cents(row?.ReturnAmount);
    total.void += cents(row?.VoidAmount);
    total.auth += cents(row?.AuthAmount);
    total.ticket += cents(row?.TicketAmount);
    total.net += cents(row?.TotalAmount);
  }
  return total;
}

async function reportedTotals() {
  const summary = await spin.post('Summary', {});
  return sumReports((summary.parsed.SummaryDetails ?? []).map((d) => d.TransactionsSummaryReports));
}

/** The invariants, checked after every operation. */
async function checkInvariants(model: Model): Promise<void> {
  const list = await spin.post('StatusList', { PaymentType: 'Credit', TransactionFromIndex: 1, TransactionToIndex: 5000 });
  const records = list.parsed.Transactions ?? [];
  // TransactionNumbers are 1..n without gaps or repeats, ReferenceIds unique in the batch.
  expect(records.map((r) => r.TransactionNumber)).toEqual(records.map((_, i) => String(i + 1)));
  expect(new Set(records.map((r) => r.ReferenceId)).size).toBe(records.length);
  expect(records.map((r) => r.ReferenceId)).toEqual(model.refs);

  const captured = new Set(model.captureOf.values());
  const expected = { count: records.length, sale: 0, ret: 0, void: 0, auth: 0, ticket: 0, net: 0 };
  for (const r of records) {
    const total = cents(r.Amounts?.TotalAmount);
    if (r.Voided) expected.void += total;
    else if (r.TransactionType === 'Sale') expected.sale += total;
    else if (r.TransactionType === 'Return') expected.ret += total;
    else if (r.TransactionType === 'Capture') expected.ticket += total;
    else if (r.TransactionType === 'Auth' && !captured.has(r.ReferenceId ?? '')) expected.auth += total;
  }
  expected.net = expected.sale + expected.ticket - expected.ret;
  expect(await reportedTotals()).toEqual(expected);

  // Daily lists the same records; a voided one is never reported as a sale.
  const daily = await spin.post('Daily', {});
  const rows = (daily.parsed.DailyDetails ?? []).flatMap((d) => d.TransactionsDailyReports ?? []);
  const voided = new Set(records.filter((r) => r.Voided).map((r) => r.ReferenceId));
  expect(rows.length).toBe(records.length);
  for (const row of rows) expect(row.TransactionType === 'Void').toBe(voided.has(row.ReferenceId));
  const dailyNet = (daily.parsed.DailyDetails ?? []).reduce((sum, d) => sum + cents(d.TotalAmount), 0);
  expect(dailyNet).toBe(expected.net);
}

describe('simulator batch invariants', () => {
  it('hold for random sequences of sale/auth/capture/return/void/tipadjust/settle/status', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 25 }), async (operations) => {
        sim.control.reset();
        const model = emptyModel();
        for (const op of operations) {
          await apply(model, op);
          await checkInvariants(model);
        }
      }),
      // A fixed seed: the same runs every time, so a failure can be replayed and is never luck.
      { numRuns: 100, seed: 20_261_123 },
    );
  }, 60_000);
});
