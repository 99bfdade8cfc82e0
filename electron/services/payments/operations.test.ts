import { describe, expect, it } from 'vitest';
import {
  AuthForm,
  BalanceForm,
  SaleForm,
  CaptureForm,
  ReturnForm,
  StatusInput,
  StatusListInput,
  TipAdjustForm,
  VoidForm,
} from '@shared/ipc/payment-views';
import { fakeTpn, lastBodyTo } from '../../../tests/support/money-move-kit';
import { fakeSimulatorPerFile } from '../test-support/fake-simulator-per-file';
import { moneyMovesPerTest } from '../test-support/money-moves-per-test';
import { AppFailure } from '../app-failure';
import { listOffline, listTransactions, lookUpStatus } from '../lookups/lookups';
import { runAuth } from './auth';
import { runBalance } from './balance';
import { runCapture } from './capture';
import { paymentResultFromRecord } from './payment-result';
import { runReturn } from './return';
import { runSale } from './sale';
import { runTipAdjust } from './tip-adjust';
import { runVoid } from './void';

// The operations beyond the Sale against the real simulator: each goes through runMoneyMove (the
// journal holds its intent and outcome), sends the wire fields the forms ask for, and describes
// the answer; the lookups read the batch back.

const sim = fakeSimulatorPerFile(1, 0, 1);
const moves = moneyMovesPerTest(sim);
const TPN = fakeTpn(1);

const parse = <T extends { parse: (input: unknown) => unknown }>(schema: T, input: unknown) => schema.parse(input) as never;
const bodyOf = (path: string) => lastBodyTo(moves.sent, path);
const opsInJournal = () =>
  moves.journal
    .lines()
    .filter((line) => line.t === 'intent')
    .map((line) => (line.t === 'intent' ? line.op : ''));

describe('payment operations', () => {
  it('Auth then Capture by AuthCode: the capture is its own record, tip included in Amount', async () => {
    const auth = await runAuth(moves.deps, parse(AuthForm, { profileId: 'p1', amountCents: 4000, referenceId: 'AUTH1' }));
    expect(auth).toMatchObject({ outcome: 'approved', transactionType: 'Auth', amounts: { amount: 4000 } });
    expect(auth.emv?.aid).toMatch(/^A0/);
    const capture = await runCapture(
      moves.deps,
      parse(CaptureForm, { profileId: 'p1', authCode: auth.authCode, amountCents: 4250, tipCents: 200, referenceId: 'CAP1' }),
    );
    expect(capture).toMatchObject({
      outcome: 'approved',
      transactionType: 'Capture',
      referenceId: 'CAP1',
      amounts: { amount: 4450, tip: 200 },
    });
    expect(bodyOf('/Capture')).toMatchObject({ Amount: 44.5, TipAmount: 2, AuthCode: auth.authCode, ReferenceId: 'CAP1' });
    expect(opsInJournal()).toEqual(['Auth', 'Capture']);
    expect(
      moves.journal
        .lines()
        .filter((line) => line.t === 'outcome')
        .map((line) => line.t === 'outcome' && line.result),
    ).toEqual(['approved', 'approved']);
  });

  it('Sale sends Amount with the tip included and the tip beside it, like Capture', async () => {
    const result = await runSale(
      moves.deps,
      parse(SaleForm, { profileId: 'p1', amountCents: 1234, tipCents: 200, referenceId: 'SALETIP1' }),
    );
    expect(bodyOf('/Sale')).toMatchObject({ Amount: 14.34, TipAmount: 2, ReferenceId: 'SALETIP1' });
    expect(result.amounts).toMatchObject({ amount: 1434, tip: 200 });
  });

  it('sends the "More options" as wire fields: receipts, merchant, callback, ids, customer contact, cart', async () => {
    await runReturn(
      moves.deps,
      parse(ReturnForm, {
        profileId: 'p1',
        amountCents: 1200,
        referenceId: 'RET1',
        getReceipt: 'Customer',
        printReceipt: 'Merchant',
        merchantNumber: 2,
        invoiceNumber: 'INV-7',
        captureSignature: true,
        getExtendedData: true,
        callbackUrl: 'https://pos.example.com/spin',
        reconId: 'RC1',
        isvId: 'ISV42',
        customerEmail: 'ann@example.com',
        customerMobile: '+1 555 010 0199',
      }),
    );
    expect(bodyOf('/Return')).toEqual({
      Amount: 12,
      PaymentType: 'Credit',
      ReferenceId: 'RET1',
      PrintReceipt: 'Merchant',
      GetReceipt: 'Customer',
      InvoiceNumber: 'INV-7',
      MerchantNumber: 2,
      CaptureSignature: true,
      GetExtendedData: true,
      CallbackInfo: { Url: 'https://pos.example.com/spin' },
      ReconId: 'RC1',
      IsvId: 'ISV42',
      CustomFields: { CustomerEmail: 'ann@example.com', CustomerMobile: '+1 555 010 0199' },
      Tpn: TPN,
      Authkey: expect.any(String),
      SPInProxyTimeout: 1,
    });
    await runAuth(
      moves.deps,
      parse(AuthForm, {
        profileId: 'p1',
        amountCents: 500,
        referenceId: 'AUTH2',
        cart: { amounts: [{ name: 'Total', valueCents: 500 }], cashPrices: [], items: [] },
      }),
    );
    expect(bodyOf('/Auth')).toMatchObject({
      Cart: { Amounts: [{ Name: 'Total', Value: 5 }], Items: [] },
      PrintReceipt: 'No',
      CaptureSignature: false,
    });
  });

  it('Void names the original; Status then shows it voided; a second void is declined, not resent', async () => {
    await runReturn(moves.deps, parse(ReturnForm, { profileId: 'p1', amountCents: 1200, referenceId: 'RET2' }));
    const voided = await runVoid(
      moves.deps,
      parse(VoidForm, { profileId: 'p1', referenceId: 'RET2', amountCents: 1200, paymentType: 'Credit' }),
    );
    expect(voided).toMatchObject({ outcome: 'approved', transactionType: 'Void', referenceId: 'RET2' });
    const record = await lookUpStatus(moves.deps, parse(StatusInput, { profileId: 'p1', referenceId: 'RET2' }));
    expect(record.voided).toBe(true);
    const again = await runVoid(
      moves.deps,
      parse(VoidForm, { profileId: 'p1', referenceId: 'RET2', amountCents: 1200, paymentType: 'Credit' }),
    );
    expect(again).toMatchObject({ outcome: 'declined', statusCode: '1004' });
    expect(moves.sent.filter((entry) => entry.path.endsWith('/Void'))).toHaveLength(2);
  });

  it('TipAdjust replaces the tip of a sale named by its reference, without TipIndicator', async () => {
    await runAuth(moves.deps, parse(AuthForm, { profileId: 'p1', amountCents: 2000, referenceId: 'AUTH3' }));
    const adjusted = await runTipAdjust(
      moves.deps,
      parse(TipAdjustForm, { profileId: 'p1', referenceId: 'AUTH3', tipCents: 300, amountCents: 2000, paymentType: 'Credit' }),
    );
    expect(adjusted).toMatchObject({ outcome: 'approved', transactionType: 'TipAdjust', amounts: { tip: 300, amount: 2300 } });
    expect(bodyOf('/TipAdjust')).not.toHaveProperty('TipIndicator');
    expect(bodyOf('/TipAdjust')).toMatchObject({ ReferenceId: 'AUTH3', TipAmount: 3, Amount: 20 });
  });

  it('a Void whose answer is lost is looked up, never resent, and reads "not voided" in the void\'s words', async () => {
    // An approval of this PC in the open batch first: the witness that no Settle came in between.
    await runReturn(moves.deps, parse(ReturnForm, { profileId: 'p1', amountCents: 500, referenceId: 'RET2' }));
    await runReturn(moves.deps, parse(ReturnForm, { profileId: 'p1', amountCents: 2007, referenceId: 'RET3' }));
    // 20.07 holds the Void until SPInProxyTimeout (1 s) and answers 2007; the Return was 20.07 too,
    // so it was never recorded: Status cannot find the original voided, and the void did not happen.
    const voided = await runVoid(
      moves.deps,
      parse(VoidForm, { profileId: 'p1', referenceId: 'RET3', amountCents: 2007, paymentType: 'Credit' }),
    );
    expect(voided.outcome).toBe('failed');
    expect(voided.remedy).toBe('The transaction was not voided. You can void it again.');
    expect(voided.recovery?.reason).toMatch(/2007/);
    expect(moves.sent.filter((entry) => entry.path.endsWith('/Void'))).toHaveLength(1);
    expect(moves.sent.filter((entry) => entry.path.endsWith('/Status')).length).toBeGreaterThan(0);
  });

  it('Balance reads both EBT balances in cents and moves nothing through the journal', async () => {
    const balance = await runBalance(moves.deps, parse(BalanceForm, { profileId: 'p1', referenceId: 'BAL1', paymentType: 'EBT_Cash' }));
    expect(balance.balances).toEqual({ foodCents: 25000, cashCents: 8000 });
    expect(balance.amounts).toEqual({ total: null, amount: null, tip: null, fee: null, tax: null });
    expect(moves.journal.lines()).toHaveLength(0);
  });
});

describe('lookups', () => {
  it('Status by number, StatusList by range in batch order, OfflineStatus with its time', async () => {
    for (const [ref, cents] of [
      ['S1', 101],
      ['S2', 102],
      ['S3', 103],
    ] as const) {
      await runReturn(moves.deps, parse(ReturnForm, { profileId: 'p1', amountCents: cents, referenceId: ref }));
    }
    expect((await lookUpStatus(moves.deps, parse(StatusInput, { profileId: 'p1', transactionNumber: 2 }))).referenceId).toBe('S2');
    const page = await listTransactions(moves.deps, parse(StatusListInput, { profileId: 'p1', fromIndex: 2, toIndex: 25 }));
    expect(page.transactions.map((record) => [record.transactionNumber, record.referenceId, record.voided])).toEqual([
      ['2', 'S2', false],
      ['3', 'S3', false],
    ]);
    sim.control.addOfflineTransaction(TPN, { referenceId: 'SNF1', amount: 7.5, transactionDateTime: '2026-03-04T05:06:07.000Z' });
    const offline = await listOffline(moves.deps, { profileId: 'p1', paymentType: 'Card' });
    expect(offline.transactions).toMatchObject([
      { referenceId: 'SNF1', transactionDateTime: '2026-03-04T05:06:07.000Z', amounts: { amount: 750 } },
    ]);
  });

  it('Status says NOT_FOUND at the field for an unknown reference, and shows a declined attempt as declined', async () => {
    const missing = lookUpStatus(moves.deps, parse(StatusInput, { profileId: 'p1', referenceId: 'NOPE1' }));
    await expect(missing).rejects.toBeInstanceOf(AppFailure);
    await expect(missing).rejects.toMatchObject({ detail: { code: 'NOT_FOUND', statusCode: '1001', fields: [{ path: 'referenceId' }] } });
    await runAuth(moves.deps, parse(AuthForm, { profileId: 'p1', amountCents: 1015, referenceId: 'DECL1' }));
    const declined = await lookUpStatus(moves.deps, parse(StatusInput, { profileId: 'p1', referenceId: 'DECL1' }));
    expect(declined).toMatchObject({ outcome: 'declined', statusCode: '1015', voided: false });
  });
});

describe('the receipts on the result card', () => {
  it('keep only the first and last four digits of a card number printed whole, spaced, dashed or masked by others', () => {
    const record = {
      GeneralResponse: { ResultCode: '0', StatusCode: '0000', Message: 'Approved' },
      Receipts: {
        Customer: '<L>CARD 4761 7390 0101 0119</L><L>VISA 476173******0119 CHIP</L>',
        Merchant: '<L>CARD 4761-7390-0101-0119</L><L>RRN 612345001207 TOTAL 1234.56 2026-11-22</L><L>ORDER 1234567812345678</L>',
      },
    };
    expect(paymentResultFromRecord(record, 'R1').receipts).toEqual({
      customer: '<L>CARD 4761********0119</L><L>VISA 4761********0119 CHIP</L>',
      // Not card numbers: a 12-digit RRN, amounts, dates, an order number that fails the Luhn check.
      merchant: '<L>CARD 4761********0119</L><L>RRN 612345001207 TOTAL 1234.56 2026-11-22</L><L>ORDER 1234567812345678</L>',
    });
  });
});
