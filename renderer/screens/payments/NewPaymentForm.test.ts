import { fireEvent, render, screen } from '@testing-library/svelte';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { approvedResult, profileView } from '../../test-support/fixtures';
import { callsTo, installFakeTransport } from '../../test-support/fake-transport';
import { control, expectFieldError, expectNoFieldError } from '../../test-support/field-error';
import { auth, capture, refund, sale } from './drafts.svelte';
import { polyfillDialog } from '../../test-support/jsdom-dialog';
import NewPaymentForm from './NewPaymentForm.svelte';
import { knownSurcharges, surchargeFrom } from './known-surcharge.svelte';
import type { JournalEntryView } from '@shared/ipc/journal-views';

const profile = profileView({ merchantNumber: 3 });

beforeAll(polyfillDialog);
beforeEach(() => {
  auth.clear();
  capture.clear();
  refund.clear();
  sale.clear();
});

const type = (label: string | RegExp, value: string) => fireEvent.input(control(label), { target: { value } });
const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
/** The dialog's own confirm button (the form's submit button has the same words). */
const confirmButton = () => screen.getByRole('dialog', { hidden: true }).querySelector<HTMLButtonElement>('button.danger');

describe('Auth form', () => {
  it('names the missing amount at the field and sends nothing', async () => {
    const calls = installFakeTransport({});
    render(NewPaymentForm, { profile, kind: 'auth' });
    await click(/^Authorize/);
    expectFieldError(/^Amount/, 'Enter an amount');
    expect(calls).toHaveLength(0);
  });

  it('refuses a zero amount and an amount with three decimals at the field', async () => {
    const calls = installFakeTransport({});
    render(NewPaymentForm, { profile, kind: 'auth' });
    await type(/^Amount/, '0');
    await click(/^Authorize/);
    expectFieldError(/^Amount/, 'Must be more than $0.00');
    // A minus sign breaks the same rule, so it gets the same words.
    await type(/^Amount/, '-5');
    await click(/^Authorize/);
    expectFieldError(/^Amount/, 'Must be more than $0.00');
    await type(/^Amount/, '1.005');
    await click(/^Authorize/);
    expectFieldError(/^Amount/, 'Use at most 2 decimal places');
    expect(calls).toHaveLength(0);
  });

  it('sends integer cents, the reference shown and only the options that were set, without asking', async () => {
    const calls = installFakeTransport({ 'payments:auth': () => approvedResult() });
    render(NewPaymentForm, { profile, kind: 'auth' });
    await type(/^Amount/, '$1,234.5');
    expect(screen.getByRole('button', { name: /^Authorize/ }).textContent).toBe('Authorize $1,234.50');
    const reference = control('Reference').value;
    await click(/^Authorize/);
    const [call] = callsTo(calls, 'payments:auth');
    expect(call?.input).toEqual({
      profileId: 'p1',
      amountCents: 123450,
      referenceId: reference,
      paymentType: 'Credit',
      getReceipt: 'Both',
      printReceipt: 'No',
    });
  });
});

describe('Capture form', () => {
  it('needs the auth code and a readable tip, each named at its field', async () => {
    const calls = installFakeTransport({});
    render(NewPaymentForm, { profile, kind: 'capture' });
    await type('Final amount', '40');
    await type(/^Tip/, 'two dollars');
    await click(/^Capture/);
    expectFieldError('Auth code', 'Must not be empty');
    expectFieldError(/^Tip/, 'Enter an amount like 12.50');
    await type('Auth code', 'AB-12');
    await click(/^Capture/);
    expectFieldError('Auth code', 'May use only letters and digits');
    expect(calls).toHaveLength(0);
  });

  it('shows amount, tip, total and reference in the confirmation and sends only once confirmed', async () => {
    const calls = installFakeTransport({ 'payments:capture': () => approvedResult() });
    render(NewPaymentForm, { profile, kind: 'capture' });
    await type('Auth code', 'ZQ87L5');
    await type('Final amount', '42.50');
    await type(/^Tip/, '2');
    await click('Capture $44.50');
    const dialog = screen.getByRole('dialog', { hidden: true });
    expect(dialog.textContent).toMatch(/Final amount\s*\$42\.50/);
    expect(dialog.textContent).toMatch(/Tip\s*\$2\.00/);
    expect(dialog.textContent).toMatch(/Total\s*\$44\.50/);
    expect(dialog.textContent).toContain(capture.referenceId);
    expect(callsTo(calls, 'payments:capture')).toHaveLength(0);
    await fireEvent.click(confirmButton() as HTMLButtonElement);
    expect(callsTo(calls, 'payments:capture')[0]?.input).toMatchObject({ authCode: 'ZQ87L5', amountCents: 4250, tipCents: 200 });
  });
});

describe('Return form: More options', () => {
  it('checks email, mobile, https callback, reconciliation ID and software partner ID at their fields and opens the panel', async () => {
    const calls = installFakeTransport({});
    render(NewPaymentForm, { profile, kind: 'return' });
    await type(/^Amount/, '5');
    await type(/^Customer email/, 'ann@example');
    await type(/^Customer mobile/, '555-CALL-NOW');
    await type(/^Callback URL/, 'http://pos.example.com');
    await type(/^Reconciliation ID/, 'ABCDEFGHIJK');
    await type(/^Software partner ID/, ' ');
    await click(/^Refund/);
    expect(screen.getByText('More options').closest('details')?.open).toBe(true);
    expectFieldError(/^Customer email/, 'Must be an email address such as name@example.com');
    expectFieldError(/^Customer mobile/, 'May use only digits');
    expectFieldError(/^Callback URL/, 'Must be a full https:// address');
    expectFieldError(/^Reconciliation ID/, 'Must be at most 10 characters');
    expectNoFieldError(/^Software partner ID/);
    expectNoFieldError(/^Amount/);
    expect(calls).toHaveLength(0);
  });

  it("sends the options in the contract's names; the merchant defaults to the profile and can be changed", async () => {
    const calls = installFakeTransport({ 'payments:return': () => approvedResult() });
    render(NewPaymentForm, { profile, kind: 'return' });
    expect(screen.getByRole('option', { name: 'As the terminal profile (merchant 3)' })).toBeTruthy();
    await type(/^Amount/, '12');
    await type(/^Customer email/, 'ann@example.com');
    await type(/^Customer mobile/, '+1 (555) 010-0199');
    await type(/^Callback URL/, 'https://pos.example.com/spin');
    await fireEvent.change(control('Merchant number'), { target: { value: '5' } });
    await fireEvent.click(control('Ask the customer to sign on the terminal'));
    await click('Refund $12.00');
    await fireEvent.click(confirmButton() as HTMLButtonElement);
    expect(callsTo(calls, 'payments:return')[0]?.input).toMatchObject({
      amountCents: 1200,
      merchantNumber: 5,
      captureSignature: true,
      customerEmail: 'ann@example.com',
      customerMobile: '+1 (555) 010-0199',
      callbackUrl: 'https://pos.example.com/spin',
    });
    expect(callsTo(calls, 'payments:return')[0]?.input).not.toHaveProperty('cart');
  });

  it('puts a field error from the main process at that field', async () => {
    installFakeTransport({
      'payments:return': () => ({
        error: {
          code: 'BAD_INPUT',
          message: 'Please check',
          fields: [{ path: 'referenceId', message: 'was already used on this terminal' }],
        },
      }),
    });
    render(NewPaymentForm, { profile, kind: 'return' });
    await type(/^Amount/, '3');
    await click('Refund $3.00');
    await fireEvent.click(confirmButton() as HTMLButtonElement);
    await screen.findByText('The refund did not go through');
    expectFieldError('Reference', 'Was already used on this terminal');
  });
});

describe('Sale form: custom fee and receipt text', () => {
  it('refuses a custom fee on EBT with the rule, opening More options, and sends nothing', async () => {
    const calls = installFakeTransport({});
    render(NewPaymentForm, { profile, kind: 'sale' });
    await type(/^Amount/, '10');
    await fireEvent.change(control('Payment type'), { target: { value: 'EBT_Food' } });
    await type(/^Custom fee/, '0.35');
    await click('Charge $10.00 + $0.35 fee');
    expect(screen.getByText('More options').closest('details')?.open).toBe(true);
    expectFieldError(/^Custom fee/, 'Is not allowed on EBT: the terminal refuses a custom fee there (1004)');
    expect(calls).toHaveLength(0);
  });

  it('sends the fee in cents and the receipt text as typed', async () => {
    const calls = installFakeTransport({ 'payments:sale': () => approvedResult() });
    render(NewPaymentForm, { profile, kind: 'sale' });
    await type(/^Amount/, '10');
    await type(/^Custom fee/, '0.35');
    await type(/^Text on the terminal's receipt/, '<C>See you soon</C>');
    await click('Charge $10.00 + $0.35 fee');
    expect(callsTo(calls, 'payments:sale')[0]?.input).toMatchObject({
      amountCents: 1000,
      customFeeCents: 35,
      externalReceipt: '<C>See you soon</C>',
    });
  });

  it('leaves fee and receipt text out when they are empty', async () => {
    const calls = installFakeTransport({ 'payments:sale': () => approvedResult() });
    render(NewPaymentForm, { profile, kind: 'sale' });
    await type(/^Amount/, '4');
    await type(/^Text on the terminal's receipt/, '   ');
    await click('Charge $4.00');
    const plain = callsTo(calls, 'payments:sale')[0]?.input;
    expect(plain).toMatchObject({ amountCents: 400 });
    expect(plain).not.toHaveProperty('customFeeCents');
    expect(plain).not.toHaveProperty('externalReceipt');
  });
});

/** An approved Sale in the journal as History lists it: base + tip, and the fee and tax the terminal answered. */
function approvedSale(
  referenceId: string,
  baseCents: number,
  feeCents: number,
  taxCents: number,
  paymentType = 'Credit',
): JournalEntryView {
  return {
    id: referenceId,
    operation: 'Sale',
    referenceId,
    profileId: profile.id,
    tpn: profile.tpn,
    paymentType,
    amountCents: baseCents,
    tipCents: 0,
    createdAt: '2026-12-01T10:00:00.000Z',
    state: 'approved',
    attempts: 1,
    outcome: {
      at: '2026-12-01T10:00:01.000Z',
      statusCode: '0000',
      message: 'Approved',
      approvedCents: baseCents,
      answeredTipCents: 0,
      feeCents,
      taxCents,
      totalCents: baseCents + feeCents + taxCents,
    },
  };
}

describe('a surcharge said before charging (issue 36)', () => {
  const surchargedSales = [approvedSale('S2', 5000, 150, 12), approvedSale('S1', 2000, 60, 5)];

  it('names the percentage the terminal charged on its last Credit sales, with the estimate for this amount, near Charge', async () => {
    installFakeTransport({
      'journal:list': () => ({ entries: surchargedSales, total: 2, totalExact: true, offset: 0, limit: 50, nextOffset: null }),
    });
    await knownSurcharges.load(profile.tpn);
    render(NewPaymentForm, { profile, kind: 'sale' });
    await type(/^Amount/, '110');
    expect(await screen.findByText(/^The terminal adds/)).toBeTruthy();
    expect(screen.getByText(/^The terminal adds/).textContent).toBe(
      'The terminal adds a 3 % surcharge: about $3.30 + $0.26 tax on it, as its last approvals showed.',
    );
    // Debit was never surcharged here: nothing is claimed for it.
    await fireEvent.change(control('Payment type'), { target: { value: 'Debit' } });
    expect(screen.queryByText(/^The terminal adds/)).toBeNull();
  });

  it('claims nothing from one sale, from fees that are no one percentage, or once the newest sale carried none', () => {
    expect(surchargeFrom([approvedSale('S1', 2000, 60, 5)], 'Credit')).toBeNull();
    // A custom fee of $0.50 on two amounts: 2.5 % and 5 %.
    expect(surchargeFrom([approvedSale('C2', 2000, 50, 0), approvedSale('C1', 1000, 50, 0)], 'Credit')).toBeNull();
    expect(surchargeFrom([approvedSale('N1', 3000, 0, 0), ...surchargedSales], 'Credit')).toBeNull();
    expect(surchargeFrom(surchargedSales, 'Credit')).toEqual({ basisPoints: 300, onTip: false, taxBasisPoints: 800 });
  });
});
