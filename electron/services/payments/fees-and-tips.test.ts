// Issue 28's request side through the main-process services against the real simulator over
// loopback: Sale's CustomFee (money like the tip) and ExternalReceipt, refusals that name the field
// and the rule before anything is sent, and TipAdjust's TipIndicator (Add and Replace) with what the
// journal keeps for recovery.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SaleForm, TipAdjustForm } from '@shared/ipc/payment-views';
import { fakeTpn, fastDeps, lastBodyTo } from '../../../tests/support/money-move-kit';
import { fakeSimulatorPerFile } from '../test-support/fake-simulator-per-file';
import { moneyMovesPerTest } from '../test-support/money-moves-per-test';
import { createDispatch, type Handlers } from '../handlers/dispatch';
import { runSale } from './sale';
import { runTipAdjust } from './tip-adjust';

const sim = fakeSimulatorPerFile(1, 0, 3);
const moves = moneyMovesPerTest(sim);
const TPN = fakeTpn(1);

beforeEach(() => sim.control.setFeeProgram(null, TPN));

const bodyOf = (path: string) => lastBodyTo(moves.sent, path);
const sale = (input: Record<string, unknown>) => runSale(moves.deps, SaleForm.parse({ profileId: 'p1', getReceipt: 'No', ...input }));
const adjust = (input: Record<string, unknown>) => runTipAdjust(moves.deps, TipAdjustForm.parse({ profileId: 'p1', ...input }));
const intentTips = () => moves.journal.lines().flatMap((line) => (line.t === 'intent' && line.op === 'TipAdjust' ? [line.tipCents] : []));

/** dispatch() with handlers that must never run: the input is refused first. */
async function refused(channel: string, input: unknown) {
  const handler = vi.fn();
  const handlers = new Proxy({}, { get: () => handler }) as Handlers;
  const result = await createDispatch(handlers, { error: vi.fn() })(channel, input);
  expect(handler).not.toHaveBeenCalled();
  return result.ok ? [] : (result.error.fields ?? []);
}

describe('Sale: CustomFee and ExternalReceipt', () => {
  it('sends the custom fee in dollars and shows the fee the terminal charged on top', async () => {
    const result = await sale({ referenceId: 'FEE1', amountCents: 1000, customFeeCents: 35 });
    expect(bodyOf('/Sale')).toMatchObject({ Amount: 10, CustomFee: 0.35 });
    expect(result).toMatchObject({ outcome: 'approved', amounts: { total: 1035, amount: 1000, fee: 35, tax: 0 } });
    // The fee is not the cashier's amount: no charge warning.
    expect(result.chargeCheck).toBeUndefined();
  });

  it('leaves CustomFee and ExternalReceipt off the wire when absent or zero', async () => {
    await sale({ referenceId: 'FEE2', amountCents: 1000, customFeeCents: 0 });
    expect(bodyOf('/Sale')).not.toHaveProperty('CustomFee');
    expect(bodyOf('/Sale')).not.toHaveProperty('ExternalReceipt');
  });

  it('a surcharge terminal charges its own fee on a plain Sale; the result shows it', async () => {
    sim.control.setFeeProgram({ kind: 'surcharge', percent: 3, taxOnFeePercent: 10 }, TPN);
    const result = await sale({ referenceId: 'SUR1', amountCents: 2000 });
    expect(result).toMatchObject({ outcome: 'approved', amounts: { total: 2066, amount: 2000, fee: 60, tax: 6 } });
    expect(result.chargeCheck).toBeUndefined();
  });

  it('the ExternalReceipt reaches the terminal, which keeps it and prints it', async () => {
    const text = '<C>Returns within 30 days</C>';
    const result = await sale({ referenceId: 'ER1', amountCents: 500, externalReceipt: text, getReceipt: 'Customer' });
    expect(bodyOf('/Sale')).toMatchObject({ ExternalReceipt: text });
    expect(sim.control.getState(TPN).externalReceipts).toEqual({ ER1: text });
    expect(result.receipts?.customer).toContain(text);
  });

  it.each([
    ['payments:sale', { amountCents: 1000, referenceId: 'EBT1', paymentType: 'EBT_Food', customFeeCents: 50 }, /not allowed on EBT.*1004/],
    ['payments:auth', { amountCents: 1000, referenceId: 'AUF1', customFeeCents: 50 }, /not allowed on an Auth.*1004/],
    ['payments:return', { amountCents: 1000, referenceId: 'RTF1', customFeeCents: 50 }, /taken only by a Sale/],
    ['payments:capture', { amountCents: 1000, authCode: 'ABC123', referenceId: 'CPF1', customFeeCents: 50 }, /taken only by a Sale/],
    ['payments:sale', { amountCents: 1000, referenceId: 'FEE3', customFeeCents: -1 }, /must not be negative/],
  ])('%s refuses customFeeCents with the rule before sending (%j)', async (channel, input, rule) => {
    expect(await refused(channel, input)).toEqual([{ path: 'customFeeCents', message: expect.stringMatching(rule) }]);
  });

  it('refuses an empty or overlong ExternalReceipt naming the field and the limit', async () => {
    expect(await refused('payments:sale', { amountCents: 100, referenceId: 'ER2', externalReceipt: 'x'.repeat(501) })).toEqual([
      { path: 'externalReceipt', message: 'must be at most 500 characters' },
    ]);
    expect(await refused('payments:sale', { amountCents: 100, referenceId: 'ER3', externalReceipt: '' })).toEqual([
      { path: 'externalReceipt', message: 'must not be empty' },
    ]);
  });
});

describe('TipAdjust: TipIndicator', () => {
  it('Add sends TipIndicator Add and adds to the tip; the journal keeps the resulting tip for recovery', async () => {
    await sale({ referenceId: 'TIP1', amountCents: 2000, tipCents: 200 });
    const added = await adjust({ referenceId: 'TIP1', tipCents: 150, tipIndicator: 'Add', paymentType: 'Credit' });
    expect(bodyOf('/TipAdjust')).toMatchObject({ ReferenceId: 'TIP1', TipAmount: 1.5, TipIndicator: 'Add' });
    expect(added).toMatchObject({ outcome: 'approved', amounts: { tip: 350, amount: 2350 } });
    expect(added.chargeCheck).toBeUndefined();
    expect(intentTips()).toEqual([350]);
  });

  it('Replace sends TipIndicator Replace and sets the tip; none sends no TipIndicator and replaces', async () => {
    await sale({ referenceId: 'TIP2', amountCents: 2000, tipCents: 200 });
    const replaced = await adjust({ referenceId: 'TIP2', tipCents: 150, tipIndicator: 'Replace' });
    expect(bodyOf('/TipAdjust')).toMatchObject({ TipAmount: 1.5, TipIndicator: 'Replace' });
    expect(replaced).toMatchObject({ outcome: 'approved', amounts: { tip: 150, amount: 2150 } });
    await adjust({ referenceId: 'TIP2', tipCents: 100 });
    expect(bodyOf('/TipAdjust')).not.toHaveProperty('TipIndicator');
    expect(intentTips()).toEqual([150, 100]);
  });

  it('a lost answer to an Add is recovered as done, by the resulting tip', async () => {
    await sale({ referenceId: 'TIP3', amountCents: 2000, tipCents: 200 });
    // The terminal carries the adjustment out; its answer is lost on the way back.
    const lossy: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      const answer = await fetch(request);
      if (new URL(request.url).pathname.endsWith('/TipAdjust')) throw new TypeError('fetch failed: the answer was lost');
      return answer;
    };
    const lossyDeps = fastDeps(moves.journal, sim.url, { clientOptions: { fetch: lossy } });
    const added = await runTipAdjust(
      lossyDeps,
      TipAdjustForm.parse({ profileId: 'p1', referenceId: 'TIP3', tipCents: 100, tipIndicator: 'Add' }),
    );
    expect(added).toMatchObject({ outcome: 'approved', amounts: { tip: 300 } });
    expect(added.recovery).toBeDefined();
  });

  it('refuses an unknown TipIndicator naming the field and the values', async () => {
    expect(await refused('payments:tipAdjust', { referenceId: 'TIP4', tipCents: 100, tipIndicator: 'Set' })).toEqual([
      { path: 'tipIndicator', message: expect.stringMatching(/Add, Replace/) },
    ]);
  });
});
