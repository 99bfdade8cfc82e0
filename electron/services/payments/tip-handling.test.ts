import { beforeEach, describe, expect, it } from 'vitest';
import { AuthForm, CaptureForm, ReturnForm, SaleForm } from '@shared/ipc/payment-views';
import type { TipHandling } from '@shared/ipc/tip-rules';
import type { TipMode } from '../../../simulator';
import { fakeProfiles, fakeTpn, lastBodyTo } from '../../../tests/support/money-move-kit';
import { fakeSimulatorPerFile } from '../test-support/fake-simulator-per-file';
import { moneyMovesPerTest } from '../test-support/money-moves-per-test';
import { toEntryView } from '../journal/entry-view';
import { toCsv } from '../journal/journal-csv';
import { decodeLine } from '../journal/line-codec';
import type { JournalEntry } from '../journal/records';
import { lookUpStatus } from '../lookups/lookups';
import { runAuth } from './auth';
import { runCapture } from './capture';
import type { MoneyMoveDeps } from './money-move';
import { runReturn } from './return';
import { runSale } from './sale';
import { runVoid } from './void';

// Amount vs TipAmount (issue 11 item 9) against the real simulator in both tip modes: the request
// builder puts the tip where the profile says the terminal expects it, and every approval whose
// charge differs from what the cashier meant (amount + tip as entered) is flagged, on the result,
// in the journal's outcome line and in History's view of it; partial approvals are not.

const sim = fakeSimulatorPerFile(1, 0, 3);
const moves = moneyMovesPerTest(sim);
const TPN = fakeTpn(1);

/** The test's MoneyMoveDeps with a profile that remembers `handling`. */
function depsFor(handling: TipHandling | undefined): MoneyMoveDeps {
  const plain = fakeProfiles(sim.url);
  return {
    ...moves.deps,
    profiles: { target: async (id) => ({ ...(await plain.target(id)), ...(handling ? { tipHandling: handling } : {}) }) },
  };
}

const sale = (referenceId: string, amountCents: number, tipCents: number) =>
  SaleForm.parse({ profileId: 'p1', referenceId, amountCents, tipCents, getReceipt: 'No' });
const bodyOf = (path: string) => lastBodyTo(moves.sent, path);
const outcomeLine = () =>
  moves.journal
    .lines()
    .filter((line) => line.t === 'outcome')
    .at(-1);
/** History's view of the entry with this reference, read back from the journal. */
function entryView(ref: string) {
  const id = moves.journal.lines().find((line) => line.t === 'intent' && line.ref === ref)?.id ?? '';
  return toEntryView(moves.journal.get(id) as JournalEntry);
}

// Amount 15.00 + tip 5.00: what each remembered handling sends, and what each terminal then charges.
const MATRIX: { mode: TipMode; handling: TipHandling | undefined; wireAmount: number; charged: number }[] = [
  { mode: 'included', handling: undefined, wireAmount: 20, charged: 2000 },
  { mode: 'included', handling: 'included', wireAmount: 20, charged: 2000 },
  { mode: 'included', handling: 'on-top', wireAmount: 15, charged: 1500 },
  { mode: 'on-top', handling: undefined, wireAmount: 20, charged: 2500 },
  { mode: 'on-top', handling: 'included', wireAmount: 20, charged: 2500 },
  { mode: 'on-top', handling: 'on-top', wireAmount: 15, charged: 2000 },
];

describe.each(MATRIX)('terminal $mode, profile remembers $handling', ({ mode, handling, wireAmount, charged }) => {
  beforeEach(() => sim.control.setTipMode(mode, TPN));
  const agrees = charged === 2000;

  it(`sends Amount ${wireAmount} with TipAmount 5 and ${agrees ? 'shows no warning' : 'flags the charge of ' + charged / 100}`, async () => {
    const result = await runSale(depsFor(handling), sale('TIPS1', 1500, 500));
    expect(bodyOf('/Sale')).toMatchObject({ Amount: wireAmount, TipAmount: 5 });
    expect(result.outcome).toBe('approved');
    expect(result.amounts).toMatchObject({ amount: charged, tip: 500, total: charged });
    const line = outcomeLine();
    expect(line).toMatchObject({
      result: 'approved',
      approvedCents: charged,
      totalCents: charged,
      answeredTipCents: 500,
      feeCents: 0,
      taxCents: 0,
    });
    const view = entryView('TIPS1');
    expect(view.sentAmountCents).toBe(wireAmount * 100);
    if (agrees) {
      expect(result.chargeCheck).toBeUndefined();
      expect(view.outcome?.chargeCheck).toBeUndefined();
    } else {
      const check = {
        state: 'differs',
        meantCents: 2000,
        meantTipCents: 500,
        chargedCents: charged,
        chargedTipCents: 500,
        totalCents: charged,
        sentAmountCents: wireAmount * 100,
      };
      expect(result.chargeCheck).toEqual(check);
      // History reads the same verdict back from the journal line.
      expect(view.outcome?.chargeCheck).toEqual(check);
      expect(view.outcome).toMatchObject({ totalCents: charged, answeredTipCents: 500 });
      // And the export an accountant reads: the terminal's total and the difference in words.
      const [header, row] = (await toCsv(moves.journal)).csv.trimEnd().split('\r\n');
      expect(header).toMatch(/,terminal_total,charge_check,fee,total,charged,settled_total,settled_count,tax,/);
      const dollars = (charged / 100).toFixed(2);
      const tail = `,${dollars},"the terminal charged $${dollars}, not $20.00",0.00,${dollars},${dollars},,,0.00`;
      // The columns added since (issue 36: what was asked, the parts of charged) follow it.
      expect(row).toContain(`${tail},`);
    }
  });

  it('treats a Capture like a Sale', async () => {
    const deps = depsFor(handling);
    const auth = await runAuth(deps, AuthForm.parse({ profileId: 'p1', amountCents: 3000, referenceId: 'TIPAUTH1' }));
    expect(auth.chargeCheck).toBeUndefined();
    const capture = await runCapture(
      deps,
      CaptureForm.parse({ profileId: 'p1', authCode: auth.authCode, amountCents: 1500, tipCents: 500, referenceId: 'TIPCAP1' }),
    );
    expect(bodyOf('/Capture')).toMatchObject({ Amount: wireAmount, TipAmount: 5 });
    expect(capture.chargeCheck?.chargedCents ?? 2000).toBe(charged);
    expect(capture.chargeCheck === undefined).toBe(agrees);
  });

  it('does not flag a partial approval: it is short on purpose and says so', async () => {
    // A 50.00 sale with a 2.00 tip, as the terminal reads it, is the simulator's partial-approval
    // scenario: Amount 52.00 on an 'included' terminal, 50.00 on an 'on-top' one. When the profile
    // knows the terminal, the cashier types 50 + 2; otherwise what makes that wire Amount.
    const wireCents = mode === 'on-top' ? 5000 : 5200;
    const base = handling === 'on-top' ? wireCents : wireCents - 200;
    const result = await runSale(depsFor(handling), sale('PART1', base, 200));
    expect(result.outcome).toBe('partial');
    expect(result.chargeCheck).toBeUndefined();
    expect(entryView('PART1').outcome?.chargeCheck).toBeUndefined();
  });
});

describe('what else the charge check covers', () => {
  it('leaves Auth and Return alone when they charge what was asked, and an untipped Sale on either terminal', async () => {
    for (const mode of ['included', 'on-top'] as const) {
      sim.control.setTipMode(mode, TPN);
      const deps = depsFor(undefined);
      expect((await runSale(deps, sale(`PLAIN${mode === 'on-top' ? 2 : 1}`, 1234, 0))).chargeCheck).toBeUndefined();
      const ret = await runReturn(
        deps,
        ReturnForm.parse({ profileId: 'p1', amountCents: 700, referenceId: `RET${mode === 'on-top' ? 2 : 1}` }),
      );
      expect(ret).toMatchObject({ outcome: 'approved', amounts: { amount: 700 } });
      expect(ret.chargeCheck).toBeUndefined();
    }
  });

  it('the Transactions lookup of a record this app took carries the check, and a voided one does not', async () => {
    sim.control.setTipMode('on-top', TPN);
    const deps = depsFor(undefined);
    await runSale(deps, sale('LOOK1', 1500, 500));
    const record = await lookUpStatus(deps, { profileId: 'p1', referenceId: 'LOOK1', paymentType: 'Credit', getReceipt: 'Both' });
    expect(record.chargeCheck).toMatchObject({ state: 'differs', meantCents: 2000, chargedCents: 2500 });
    expect(record.receipts?.customer).toBeTruthy();
    await runVoid(deps, { profileId: 'p1', referenceId: 'LOOK1', amountCents: 2500, paymentType: 'Credit', getReceipt: 'No' });
    const voided = await lookUpStatus(deps, { profileId: 'p1', referenceId: 'LOOK1', paymentType: 'Credit', getReceipt: 'No' });
    expect(voided.voided).toBe(true);
    expect(voided.chargeCheck).toBeUndefined();
  });

  it('reads journal lines written before the check: an outcome with only approvedCents is compared by it', () => {
    const at = '2026-01-02T03:04:05.000Z';
    const intent = decodeLine(
      JSON.stringify({
        t: 'intent',
        id: 'old1',
        at,
        op: 'Sale',
        ref: 'OLD1',
        tpn: TPN,
        profileId: 'p1',
        amountCents: 1500,
        tipCents: 500,
        deadlineAt: at,
      }),
    );
    const outcome = decodeLine(
      JSON.stringify({ t: 'outcome', id: 'old1', at, result: 'approved', statusCode: '0000', message: 'Approved', approvedCents: 2500 }),
    );
    if (!intent.ok || !outcome.ok || intent.line.t !== 'intent' || outcome.line.t !== 'outcome')
      throw new Error('old lines must still decode');
    const view = toEntryView({
      intent: intent.line,
      outcome: outcome.line,
      createdMs: Date.parse(at),
      position: 0,
      deadlineMs: Date.parse(at),
      attempts: 0,
    });
    expect(view.sentAmountCents).toBeUndefined();
    expect(view.outcome).toMatchObject({
      approvedCents: 2500,
      chargeCheck: { state: 'differs', meantCents: 2000, chargedCents: 2500, chargedTipCents: null },
    });
    expect(
      decodeLine(JSON.stringify({ t: 'outcome', id: 'x', at, result: 'approved', statusCode: '0000', message: 'ok', totalCents: 1.5 })),
    ).toEqual({
      ok: false,
      error: 'totalCents must be a whole number of cents',
    });
  });
});
