// Issue 38 item 1 through the main-process services against the real simulator over loopback, with a
// front that bends the Amounts of its answers (tests/support/amounts-front.ts): a terminal's
// FeeAmount/TipAmount/TaxAmount/TotalAmount that cannot be believed is kept as sent, flagged on the
// result, in History, the CSV and the Summary's fee totals, never summed as if true, never INTERNAL.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ReturnForm, SaleForm, TipAdjustForm } from '@shared/ipc/payment-views';
import { FIGURES_DO_NOT_ADD_UP } from '@shared/spin/terminal-amounts';
import type { RunningSimulator } from '../../../simulator';
import { startAmountsFront, type AmountsFront } from '../../../tests/support/amounts-front';
import { fakeTpn, fastDeps, startFakeSimulator } from '../../../tests/support/money-move-kit';
import { toEntryView } from '../journal/entry-view';
import { toCsv } from '../journal/journal-csv';
import { MemoryJournal } from '../journal/sqlite-journal';
import type { NewOutcome } from '../journal/records';
import { AppFailure } from '../app-failure';
import { fetchDaily, fetchSummary } from '../reports/fetch-reports';
import { runSettle } from '../reports/settle';
import { runMoneyMove, type MoneyMoveDeps } from './money-move';
import { runReturn } from './return';
import { runSale } from './sale';
import { runTipAdjust } from './tip-adjust';

let sim: RunningSimulator;
let front: AmountsFront;
let journal: MemoryJournal;
let deps: MoneyMoveDeps;
const TPN = fakeTpn(1);

beforeAll(async () => {
  sim = await startFakeSimulator(1, 0, 3);
  front = await startAmountsFront(sim.url);
});
afterAll(async () => {
  await front.close();
  await sim.close();
});
beforeEach(() => {
  sim.control.reset();
  sim.control.setFeeProgram(null, TPN);
  front.bend([], null);
  for (const endpoint of ['Summary', 'Daily', 'Settle']) front.rewrite(endpoint, null);
  journal = new MemoryJournal();
  deps = fastDeps(journal, front.url);
});

const sale = (referenceId: string, amountCents: number, more: Record<string, unknown> = {}) =>
  runSale(deps, SaleForm.parse({ profileId: 'p1', getReceipt: 'No', referenceId, amountCents, ...more }));
const outcomeOf = (ref: string) => journal.lines().find((line) => line.t === 'outcome' && line.id === entryId(ref));
const entryId = (ref: string) => journal.lines().find((line) => line.t === 'intent' && line.ref === ref)?.id;

describe('a Sale whose answer carries figures that cannot be believed', () => {
  it.each([
    ['FeeAmount', -0.5, 'FeeAmount: -0.5 is below $0.00'],
    ['FeeAmount', 50, 'FeeAmount $50.00 is more than Amount $10.00'],
    ['FeeAmount', '1e3', 'FeeAmount $1,000.00 is more than Amount $10.00'],
    ['FeeAmount', 1e15, 'FeeAmount: 1000000000000000 is above the largest amount'],
    ['FeeAmount', 1e308, 'FeeAmount: 1e+308 is above the largest amount'],
    ['FeeAmount', null, 'TotalAmount $10.30 is not Amount + TipAmount + FeeAmount + TaxAmount ($10.00)'],
    ['FeeAmount', 'abc', 'FeeAmount: could not be read'],
    ['FeeAmount', 'NaN', 'FeeAmount: could not be read'],
    ['TaxAmount', 'Infinity', 'TaxAmount: could not be read'],
    ['TipAmount', -1, 'TipAmount: -1 is below $0.00'],
    ['TotalAmount', 1010.3, 'TotalAmount $1,010.30 is not Amount + TipAmount + FeeAmount + TaxAmount ($10.30)'],
  ])('%s %s: approved, flagged, kept as sent, nothing pending', async (field, value, words) => {
    front.bend(['Sale'], { TotalAmount: 10.3, FeeAmount: 0.3, [field]: value });
    const result = await sale('BENT1', 1000);
    expect(result.outcome).toBe('approved');
    expect(result.amountsProblem).toContain(`${FIGURES_DO_NOT_ADD_UP}: `);
    expect(result.amountsProblem).toContain(words);
    // The charge check does not say "the terminal charged -$989.70": the flag says what is wrong.
    expect(result.chargeCheck).toBeUndefined();
    const outcome = outcomeOf('BENT1');
    expect(outcome).toMatchObject({ result: 'approved', figuresProblem: result.amountsProblem });
    // Raw values in the journal as the answer carried them; no cents to be summed.
    if (typeof value === 'number' || value === null) expect(outcome).toMatchObject({ terminalAmounts: { [field]: value } });
    expect(outcome).not.toHaveProperty('feeCents');
    expect(outcome).not.toHaveProperty('totalCents');
    expect(journal.pending()).toEqual([]);
    expect(deps.registry.inProgress()).toBe(0);
  });

  it('a card number sent as an amount is flagged, and never kept or shown beyond first 4 / last 4', async () => {
    front.bend(['Sale'], { FeeAmount: 4761739001010119, TaxAmount: '4761739001010119' });
    const result = await sale('PAN1', 1000);
    expect(result.outcome).toBe('approved');
    expect(result.amountsProblem).toContain('4761********0119');
    const kept = JSON.stringify(outcomeOf('PAN1'));
    expect(kept).toContain('4761********0119');
    expect(`${result.amountsProblem ?? ''}${kept}`).not.toContain('4761739001010119');
  });

  it('FeeAmount 1e15 on the Status that finds a lost Sale: approved and flagged, not INTERNAL and pending', async () => {
    front.bend(['Sale', 'Status'], { FeeAmount: 1e15 });
    front.loseNext('Sale');
    const result = await sale('LOST1', 1000);
    expect(result.outcome).toBe('approved');
    expect(result.amountsProblem).toContain('FeeAmount: 1000000000000000 is above the largest amount');
    expect(outcomeOf('LOST1')).toMatchObject({ result: 'approved', recovery: { how: 'status-lookup' } });
    expect(journal.pending()).toEqual([]);
  });

  it('believes figures that add up: the fee is kept and no flag is raised', async () => {
    const result = await sale('GOOD1', 1000, { customFeeCents: 30 });
    expect(result).toMatchObject({ outcome: 'approved', amounts: { total: 1030, amount: 1000, fee: 30 } });
    expect(result.amountsProblem).toBeUndefined();
    expect(outcomeOf('GOOD1')).toMatchObject({ feeCents: 30, totalCents: 1030 });
    expect(outcomeOf('GOOD1')).not.toHaveProperty('figuresProblem');
  });
});

describe('Return and TipAdjust', () => {
  it('a Return answered with a negative fee is flagged and stays approved', async () => {
    front.bend(['Return'], { FeeAmount: -0.5 });
    const result = await runReturn(deps, ReturnForm.parse({ profileId: 'p1', getReceipt: 'No', referenceId: 'RET1', amountCents: 700 }));
    expect(result.outcome).toBe('approved');
    expect(result.amountsProblem).toContain('FeeAmount: -0.5 is below $0.00');
    expect(outcomeOf('RET1')).toMatchObject({ result: 'approved', terminalAmounts: { FeeAmount: -0.5 } });
  });

  it('a TipAdjust answered with an absurd tip is flagged; the tip adjusted is not taken from it', async () => {
    await sale('TIPS1', 1000);
    front.bend(['TipAdjust'], { TipAmount: 1e308 });
    const result = await runTipAdjust(deps, TipAdjustForm.parse({ profileId: 'p1', referenceId: 'TIPS1', tipCents: 200 }));
    expect(result.outcome).toBe('approved');
    expect(result.amountsProblem).toContain('TipAmount: 1e+308 is above the largest amount');
    expect(journal.pending()).toEqual([]);
  });
});

describe('test across: the result, History, the CSV and the Summary agree on what was left out', () => {
  it('a flagged sale is shown with its flag and left out of every sum, which says so', async () => {
    const good = await sale('ACROSS1', 1000, { customFeeCents: 30 });
    front.bend(['Sale'], { FeeAmount: 50 });
    const bad = await sale('ACROSS2', 1000, { customFeeCents: 30 });
    front.bend([], null);

    // History's view carries the same words as the result card.
    const views = [];
    for await (const entry of journal.entries('oldest', {})) views.push(toEntryView(entry));
    const badView = views.find((view) => view.referenceId === 'ACROSS2');
    expect(badView?.outcome?.figuresProblem).toBe(bad.amountsProblem);
    expect(badView?.outcome?.chargeCheck).toBeUndefined();

    // The CSV: the flagged row says why, and its money cells are empty, not a figure to add up.
    const { csv } = await toCsv(journal, {}, 'oldest');
    const [header = '', ...rows] = csv.trim().split('\r\n');
    const columns = header.split(',');
    const cell = (ref: string, name: string) => rows.find((row) => row.includes(ref))?.split(',')[columns.indexOf(name)];
    expect(cell('ACROSS2', 'terminal_figures')).toContain('FeeAmount $50.00 is more than Amount $10.00');
    expect(cell('ACROSS2', 'charged')).toBe('');
    expect(cell('ACROSS2', 'fee')).toBe('');
    expect(cell('ACROSS1', 'terminal_figures')).toBe('');
    const csvFees = rows.reduce((sum, row) => sum + Math.round(Number(row.split(',')[columns.indexOf('charged_fee')] || 0) * 100), 0);

    // The Summary's fee total: the good sale's fee, computed from the result cards, the CSV and the report alike.
    const summary = await fetchSummary({ ...deps }, { profileId: 'p1' });
    expect(good.amounts.fee).toBe(30);
    expect(summary.feeCents).toBe(good.amounts.fee);
    expect(csvFees).toBe(summary.feeCents);
    expect(summary.figuresLeftOut).toEqual([{ referenceId: 'ACROSS2', problem: bad.amountsProblem }]);
  });
});

/** A journal whose first `failures` outcomes fail with an error that is no journal error (a bug after the send). */
class OutcomeFailingJournal extends MemoryJournal {
  failures: number;
  constructor(failures: number) {
    super();
    this.failures = failures;
  }
  override recordOutcome(id: string, outcome: NewOutcome) {
    if (this.failures > 0) {
      this.failures -= 1;
      return Promise.reject(new TypeError('a bug after the send'));
    }
    return super.recordOutcome(id, outcome);
  }
}

describe('the guard after a send: no error leaves a payment pending with no lookup running', () => {
  it('an error reading the answer is not taken for a lost answer: the outcome is the answer, no lookup', async () => {
    const moved = await runMoneyMove(deps, {
      op: 'Sale',
      profileId: 'p1',
      referenceId: 'GUARD1',
      paymentType: 'Credit',
      amountCents: 1000,
      tipCents: 0,
      request: () => ({
        PaymentType: 'Credit' as const,
        ReferenceId: 'GUARD1',
        Amount: 10,
        PrintReceipt: 'No' as const,
        GetReceipt: 'No' as const,
      }),
      settlementOf: () => {
        throw new RangeError('Amount is too large to count in cents: 1e+308');
      },
    });
    expect(moved.entry.outcome).toMatchObject({ result: 'approved', message: expect.stringContaining('its totals could not be read') });
    expect(moved.entry.outcome?.recovery).toBeUndefined();
    expect(moved.entry.unknownReason).toBeUndefined();
  });

  it('an unexpected error after the send is OUTCOME_UNKNOWN, never INTERNAL, and the payment is handed to its lookup', async () => {
    const failing = new OutcomeFailingJournal(2);
    journal = failing;
    deps = fastDeps(failing, front.url);
    const error = await sale('GUARD2', 1000).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppFailure);
    expect((error as AppFailure).detail).toMatchObject({
      code: 'OUTCOME_UNKNOWN',
      message: expect.stringContaining('a bug after the send'),
    });
    // The lookup runs by itself and records what the terminal says.
    await expect.poll(() => failing.pending().length, { timeout: 5_000 }).toBe(0);
    expect(outcomeOf('GUARD2')).toMatchObject({ result: 'approved', recovery: { how: 'status-lookup' } });
  });
});

/** Every object in an answer that has `key`: the report totals sit a few levels down. */
function everyWith(body: unknown, key: string): Record<string, unknown>[] {
  if (Array.isArray(body)) return body.flatMap((item) => everyWith(item, key));
  if (typeof body !== 'object' || body === null) return [];
  const object = body as Record<string, unknown>;
  return [...(key in object ? [object] : []), ...Object.values(object).flatMap((value) => everyWith(value, key))];
}

describe('the reports: a figure the terminal cannot mean reads as not said, never INTERNAL', () => {
  it.each([1e15, 1e308, 'abc'])('Summary, Daily and Settle with SaleAmount/TotalAmount/Amount %s', async (value) => {
    await sale('REP1', 1000);
    const absurd = (body: Record<string, unknown>) => {
      for (const totals of everyWith(body, 'SaleAmount')) Object.assign(totals, { SaleAmount: value, TotalAmount: value });
      for (const row of everyWith(body, 'ReferenceId')) if ('Amount' in row) row.Amount = value;
    };
    for (const endpoint of ['Summary', 'Daily', 'Settle']) front.rewrite(endpoint, absurd);
    const summary = await fetchSummary(deps, { profileId: 'p1' });
    expect(summary.applications[0]?.totals).toMatchObject({ sale: null, total: null });
    const daily = await fetchDaily(deps, { profileId: 'p1' });
    expect(daily.rows.find((row) => row.referenceId === 'REP1')?.amountCents).toBeNull();
    const settled = await runSettle(deps, { profileId: 'p1', referenceId: 'REPSET1', settlementType: 'Close' });
    expect(settled.outcome).toBe('settled');
    expect(settled.recovery).toBeUndefined();
    expect(settled.details[0]?.totals).toMatchObject({ sale: null, total: null });
    expect(journal.pending()).toEqual([]);
  });
});
