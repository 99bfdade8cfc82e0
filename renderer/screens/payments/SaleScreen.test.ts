import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import { profiles } from '../../state/profiles.svelte';
import { approvedResult, profileView } from '../../test-support/fixtures';
import { callsTo, installFakeTransport } from '../../test-support/fake-transport';
import { sale } from './drafts.svelte';
import NewPaymentForm from './NewPaymentForm.svelte';
import SaleScreen from './SaleScreen.svelte';

const profile = profileView();

function amountBox(): HTMLInputElement {
  return screen.getByLabelText(/^Amount/) as HTMLInputElement;
}

async function enterAmount(text: string): Promise<void> {
  await fireEvent.input(amountBox(), { target: { value: text } });
}

function charge(): Promise<boolean> {
  return fireEvent.click(screen.getByRole('button', { name: /^Charge/ }));
}

/** A $3.00 sale on the Sale screen that main refuses before sending (no Authkey); the reference it had. */
async function refusedSale(): Promise<string> {
  installFakeTransport({
    'payments:sale': () => ({ error: { code: 'NO_AUTHKEY', message: 'Terminal "Front counter" has no Authkey yet.' } }),
  });
  render(SaleScreen);
  const reference = (screen.getByLabelText('Reference') as HTMLInputElement).value;
  await enterAmount('3');
  await charge();
  await screen.findByText('The sale did not go through');
  return reference;
}

beforeEach(() => {
  sale.clear();
  profiles.apply({ profiles: [profile], activeId: profile.id });
});

describe('Sale form', () => {
  it('with no amount shows the error at the field and sends nothing', async () => {
    const calls = installFakeTransport({});
    render(NewPaymentForm, { profile, kind: 'sale' });
    await charge();
    expect(amountBox().getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('sale-amount-error')?.textContent).toMatch(/Enter an amount/);
    expect(calls).toHaveLength(0);
  });

  it('refuses a zero amount at the field', async () => {
    const calls = installFakeTransport({});
    render(NewPaymentForm, { profile, kind: 'sale' });
    await enterAmount('0');
    await charge();
    // The contract's rule, as on the other payment forms.
    expect(document.getElementById('sale-amount-error')?.textContent).toMatch(/more than \$0\.00/);
    expect(calls).toHaveLength(0);
  });

  it('refuses an unreadable tip at the tip field', async () => {
    const calls = installFakeTransport({});
    render(NewPaymentForm, { profile, kind: 'sale' });
    await enterAmount('10');
    await fireEvent.input(screen.getByLabelText(/^Tip/), { target: { value: '1.234' } });
    await charge();
    expect(screen.getByLabelText(/^Tip/).getAttribute('aria-invalid')).toBe('true');
    expect(calls).toHaveLength(0);
  });

  it('sends cents, the payment type and a fresh alphanumeric ReferenceId', async () => {
    const calls = installFakeTransport({ 'payments:sale': () => approvedResult() });
    render(NewPaymentForm, { profile, kind: 'sale' });
    await enterAmount('12.34');
    await fireEvent.input(screen.getByLabelText(/^Tip/), { target: { value: '2' } });
    expect(screen.getByRole('button', { name: /^Charge/ }).textContent).toMatch('Charge $14.34');
    const shownReference = (screen.getByLabelText('Reference') as HTMLInputElement).value;
    await charge();
    const [call] = callsTo(calls, 'payments:sale');
    expect(call?.input).toMatchObject({ profileId: 'p1', amountCents: 1234, tipCents: 200, paymentType: 'Credit' });
    const referenceId = (call?.input as { referenceId: string }).referenceId;
    expect(referenceId).toBe(shownReference);
    expect(referenceId).toMatch(/^[A-Z0-9]{1,50}$/);
  });

  it('puts the main process field message at the field', async () => {
    installFakeTransport({
      'payments:sale': () => ({
        error: { code: 'BAD_INPUT', message: 'Please check', fields: [{ path: 'amountCents', message: 'must be at most $99,999,999.99' }] },
      }),
    });
    render(NewPaymentForm, { profile, kind: 'sale' });
    await enterAmount('5');
    await charge();
    // Shown as a sentence at the field, as on the other payment forms.
    expect(await screen.findByText('Must be at most $99,999,999.99')).toBeTruthy();
    expect(amountBox().getAttribute('aria-invalid')).toBe('true');
  });
});

describe('Sale screen', () => {
  it('shows the result and starts the next sale with a new ReferenceId', async () => {
    installFakeTransport({ 'payments:sale': () => approvedResult() });
    render(SaleScreen);
    const first = (screen.getByLabelText('Reference') as HTMLInputElement).value;
    await enterAmount('12.34');
    await charge();
    expect(await screen.findByRole('heading', { name: 'Approved' })).toBeTruthy();
    expect(screen.getByText('Visa •••• 0119 · Chip')).toBeTruthy();
    await fireEvent.click(screen.getByRole('button', { name: 'New sale' }));
    const second = (screen.getByLabelText('Reference') as HTMLInputElement).value;
    expect(second).not.toBe(first);
    expect(amountBox().value).toBe('');
  });

  it('on OUTCOME_UNKNOWN shows a warning and offers no way to charge the same sale again', async () => {
    const calls = installFakeTransport({
      'payments:sale': () => ({ error: { code: 'OUTCOME_UNKNOWN', message: 'The sale SD1 was sent but its answer was lost.' } }),
    });
    render(SaleScreen);
    await enterAmount('20');
    await charge();
    expect(await screen.findByRole('heading', { name: /Outcome unknown/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Charge|Try again/ })).toBeNull();
    const next = screen.getByRole('button', { name: 'Start a new sale' }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    expect(callsTo(calls, 'payments:sale')).toHaveLength(1);
  });

  it('keeps the same ReferenceId after a refusal that never reached the terminal', async () => {
    const reference = await refusedSale();
    expect((screen.getByLabelText('Reference') as HTMLInputElement).value).toBe(reference);
  });
});

describe('Sale screen after another terminal is chosen (issue 36)', () => {
  const other = profileView({ id: 'p2', name: 'Back office' });
  const chooseOther = () => profiles.apply({ profiles: [profile, other], activeId: other.id });

  it('drops the answer of the terminal that was active and shows an empty form', async () => {
    installFakeTransport({ 'payments:sale': () => approvedResult() });
    render(SaleScreen);
    await enterAmount('12.34');
    await charge();
    await screen.findByRole('heading', { name: 'Approved' });
    chooseOther();
    await screen.findByRole('button', { name: /^Charge/ });
    expect(screen.queryByRole('heading', { name: 'Approved' })).toBeNull();
    expect(amountBox().value).toBe('');
  });

  it('drops a refusal but keeps what was typed', async () => {
    const reference = await refusedSale();
    chooseOther();
    await waitFor(() => expect(screen.queryByText('The sale did not go through')).toBeNull());
    expect(amountBox().value).toBe('$3.00');
    expect((screen.getByLabelText('Reference') as HTMLInputElement).value).toBe(reference);
  });

  it('keeps an unknown outcome in sight, naming the terminal it was sent to', async () => {
    installFakeTransport({
      'payments:sale': () => ({ error: { code: 'OUTCOME_UNKNOWN', message: 'The sale SD1 was sent but its answer was lost.' } }),
    });
    render(SaleScreen);
    await enterAmount('20');
    await charge();
    await screen.findByRole('heading', { name: /Outcome unknown/ });
    chooseOther();
    await screen.findByText(/This sale was sent to Front counter, not to Back office/);
    expect(screen.getByRole('heading', { name: /Outcome unknown/ })).toBeTruthy();
  });
});
