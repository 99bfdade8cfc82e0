import { fireEvent, render, screen } from '@testing-library/svelte';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Component } from 'svelte';
import type { BalanceResult, TransactionView } from '@shared/ipc/payment-views';
import type { ProfileView } from '@shared/ipc/profile-views';
import { approvedResult, profileView } from '../../test-support/fixtures';
import { NO_FIGURES } from '../../lib/payment/result-fixtures';
import { callsTo, installFakeTransport, type RecordedCall } from '../../test-support/fake-transport';
import { control, expectFieldError } from '../../test-support/field-error';
import { profiles } from '../../state/profiles.svelte';
import BalanceScreen from './BalanceScreen.svelte';
import { balance, prefillTipAdjust, prefillVoid, tipAdjust, voiding } from './drafts.svelte';
import { polyfillDialog } from '../../test-support/jsdom-dialog';
import TipAdjustForm from './TipAdjustForm.svelte';
import TipAdjustScreen from './TipAdjustScreen.svelte';
import VoidForm from './VoidForm.svelte';
import VoidScreen from './VoidScreen.svelte';

const profile = profileView();
const record: TransactionView = {
  ...approvedResult({ referenceId: 'SALE0001', transactionType: 'Sale' }),
  voided: false,
  paymentType: 'Debit',
  amounts: { total: 2300, amount: 2300, tip: 300, fee: 0, tax: 0 },
};

beforeAll(polyfillDialog);
beforeEach(() => {
  voiding.clear();
  tipAdjust.clear();
  balance.restart();
  profiles.apply({ profiles: [profile], activeId: profile.id });
});

const type = (label: string | RegExp, value: string) => fireEvent.input(control(label), { target: { value } });
const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
/** A follow-up form filled from `record`, as the Transactions screen opens it, with main answering from `handlers`: the calls main gets. */
function openFilled(
  form: Component<{ profile: ProfileView }>,
  prefill: (record: TransactionView) => void,
  handlers: Parameters<typeof installFakeTransport>[0] = {},
): RecordedCall[] {
  const calls = installFakeTransport(handlers);
  prefill(record);
  render(form, { profile });
  return calls;
}
/** Sends the form with `button` and expects each field's message at that field. */
async function submitRefused(button: string, messages: Record<string, string>): Promise<void> {
  await click(button);
  for (const [label, message] of Object.entries(messages)) expectFieldError(label, message);
}
const confirmButton = () =>
  screen.getByRole('dialog', { hidden: true }).querySelector<HTMLButtonElement>('button.danger') as HTMLButtonElement;

describe('Void form', () => {
  it('needs the original reference and amount, named at their fields', async () => {
    const calls = installFakeTransport({});
    render(VoidForm, { profile });
    await submitRefused('Void', { 'Reference of the original': 'Must not be empty', 'Amount of the original': 'Enter an amount' });
    await type('Reference of the original', 'SALE 1');
    await submitRefused('Void', { 'Reference of the original': 'May use only letters, digits, - and _' });
    expect(calls).toHaveLength(0);
  });

  it("sends the ORIGINAL's reference, amount and type after a confirmation that shows them", async () => {
    const calls = openFilled(VoidForm, prefillVoid, { 'payments:void': () => approvedResult() });
    expect(control('Amount of the original').value).toBe('$23.00');
    await click('Void $23.00');
    const dialog = screen.getByRole('dialog', { hidden: true });
    expect(dialog.textContent).toMatch(/Amount\s*\$23\.00/);
    expect(dialog.textContent).toContain('SALE0001');
    expect(callsTo(calls, 'payments:void')).toHaveLength(0);
    await fireEvent.click(confirmButton());
    expect(callsTo(calls, 'payments:void')[0]?.input).toEqual({
      profileId: 'p1',
      referenceId: 'SALE0001',
      amountCents: 2300,
      paymentType: 'Debit',
      getReceipt: 'Both',
    });
  });

  it('fills amount and type from the terminal when the reference is looked up', async () => {
    installFakeTransport({ 'transactions:status': () => record });
    render(VoidForm, { profile });
    await type('Reference of the original', 'SALE0001');
    await click('Look up');
    await screen.findByText(/From Sale/);
    expect(control('Amount of the original').value).toBe('$23.00');
    expect((control('Payment type') as unknown as HTMLSelectElement).value).toBe('Debit');
  });
});

describe('Tip adjust form', () => {
  it("says in its intro what the amount does: replaces the tip, or with 'Add to the tip' adds to it (issue 36)", async () => {
    installFakeTransport({});
    prefillTipAdjust(record);
    render(TipAdjustScreen);
    const intro = () =>
      screen
        .getByText(/^Change the tip on a sale/)
        .textContent?.replace(/\s+/g, ' ')
        .trim();
    expect(intro()).toBe('Change the tip on a sale or Auth that is still in the open batch. The new tip replaces the old one.');
    await fireEvent.change(control('What the amount does'), { target: { value: 'Add' } });
    expect(intro()).toBe(
      'Change the tip on a sale or Auth that is still in the open batch. The amount you enter is added to the tip it has now.',
    );
  });

  it('needs a new tip, and refuses a negative one at the field', async () => {
    const calls = openFilled(TipAdjustForm, prefillTipAdjust);
    expect(screen.getByText(/Tip now/).textContent).toBe('Tip now: $3.00 · amount $20.00 · total $23.00');
    await submitRefused('Adjust tip', { 'New tip': 'Enter an amount' });
    await type('New tip', '-1');
    await submitRefused('Adjust tip', { 'New tip': 'without a minus sign' });
    expect(calls).toHaveLength(0);
  });

  it('sends the new total tip in cents with the original reference, once confirmed', async () => {
    const calls = openFilled(TipAdjustForm, prefillTipAdjust, { 'payments:tipAdjust': () => approvedResult() });
    await type('New tip', '4.5');
    await click('Set tip to $4.50');
    const dialog = screen.getByRole('dialog', { hidden: true }).textContent;
    expect(dialog).toMatch(/Tip now\s*\$3\.00/);
    // The record's Amount ($23.00) holds its $3.00 tip: $20.00 + the new $4.50 tip.
    expect(dialog).toMatch(/New total\s*\$24\.50/);
    expect(dialog).toMatch(/Total now\s*\$23\.00/);
    await fireEvent.click(confirmButton());
    expect(callsTo(calls, 'payments:tipAdjust')[0]?.input).toEqual({
      profileId: 'p1',
      referenceId: 'SALE0001',
      tipCents: 450,
      amountCents: 2300,
      paymentType: 'Debit',
    });
  });
});

describe('EBT balance', () => {
  it('asks for the chosen EBT account and shows both balances as money', async () => {
    const answer: BalanceResult = {
      ...approvedResult(NO_FIGURES),
      balances: { foodCents: 25000, cashCents: 8050 },
    };
    const calls = installFakeTransport({ 'payments:balance': () => answer });
    render(BalanceScreen);
    await fireEvent.change(control('Account'), { target: { value: 'EBT_Cash' } });
    await click('Check balance');
    expect(callsTo(calls, 'payments:balance')[0]?.input).toMatchObject({ paymentType: 'EBT_Cash', profileId: 'p1' });
    await screen.findByRole('heading', { name: 'Balance' });
    expect(screen.getByText('EBT Food balance').nextElementSibling?.textContent).toBe('$250.00');
    expect(screen.getByText('EBT Cash balance').nextElementSibling?.textContent).toBe('$80.50');
  });
});

describe('a lost answer whose lookup was stopped', () => {
  it('shows the outcome as unknown and offers no way to send the void again', async () => {
    const calls = installFakeTransport({
      'payments:void': () => ({
        error: { code: 'OUTCOME_UNKNOWN', message: 'The Void SALE0001 was sent but its answer was lost, and the lookup was stopped.' },
      }),
    });
    prefillVoid(record);
    render(VoidScreen);
    await click('Void $23.00');
    await fireEvent.click(confirmButton());
    expect(await screen.findByRole('heading', { name: /Outcome unknown/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Void|Try again/ })).toBeNull();
    expect((screen.getByRole('button', { name: 'Start a new void' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('SALE0001')).toBeTruthy();
    expect(callsTo(calls, 'payments:void')).toHaveLength(1);
  });
});
