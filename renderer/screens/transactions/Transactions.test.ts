import { fireEvent, render, screen } from '@testing-library/svelte';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TransactionView } from '@shared/ipc/payment-views';
import { navigation } from '../../state/navigation.svelte';
import { approvedResult, profileView } from '../../test-support/fixtures';
import { callsTo, installFakeTransport } from '../../test-support/fake-transport';
import { control, expectFieldError } from '../../test-support/field-error';
import { refund, voiding } from '../payments/drafts.svelte';
import { actionsFor, noReturnReason, returnSuggested, stateLabel } from './record-actions';
import StatusLookup from './StatusLookup.svelte';
import TransactionTable from './TransactionTable.svelte';

const profile = profileView();

function record(overrides: Partial<TransactionView> = {}): TransactionView {
  return { ...approvedResult({ referenceId: 'REF1', transactionType: 'Sale' }), voided: false, paymentType: 'Credit', ...overrides };
}

describe('actions that fit a record', () => {
  it.each([
    ['an approved sale', record(), ['void', 'tipAdjust', 'return', 'reprint']],
    ['an approved Auth', record({ transactionType: 'Auth' }), ['void', 'tipAdjust', 'capture', 'reprint']],
    [
      'an Auth captured since',
      record({ transactionType: 'Auth', capturedBy: { referenceId: 'CAP1', at: '2026-11-26T10:00:00.000Z' } }),
      ['reprint'],
    ],
    ['a Return', record({ transactionType: 'Return' }), ['void', 'reprint']],
    ['a Capture', record({ transactionType: 'Capture' }), ['void', 'return', 'reprint']],
    ['a voided sale', record({ voided: true }), ['reprint']],
    ['a declined attempt', record({ outcome: 'declined', statusCode: '1015' }), ['reprint']],
    ['a canceled attempt', record({ outcome: 'canceled', statusCode: '1012' }), ['reprint']],
  ])('%s', (_, subject, expected) => {
    expect(actionsFor(subject)).toEqual(expected);
  });

  it('suggests Return only when money moved and Void is no longer possible', () => {
    expect(returnSuggested(record())).toBe(false);
    expect(returnSuggested(record({ transactionType: 'Balance' }))).toBe(true);
    expect(returnSuggested(record({ voided: true }))).toBe(false);
  });

  it('names a canceled attempt Canceled, not Declined', () => {
    expect(stateLabel(record({ outcome: 'canceled', statusCode: '1012' }))).toBe('Canceled');
    expect(stateLabel(record({ outcome: 'declined', statusCode: '1015' }))).toBe('Declined');
  });

  it('says why a voided or declined record offers no Return', () => {
    expect(noReturnReason(record())).toBeUndefined();
    expect(noReturnReason(record({ voided: true }))).toMatch(/voided, so the customer was not charged/);
    expect(noReturnReason(record({ outcome: 'declined', statusCode: '1015' }))).toMatch(/not approved/);
  });

  it('says an Auth was captured, when and by which Capture, and what to do instead', () => {
    const captured = record({ transactionType: 'Auth', capturedBy: { referenceId: 'CAP1', at: '2026-11-26T10:00:00.000Z' } });
    expect(stateLabel(captured)).toBe('Captured');
    expect(noReturnReason(captured, () => 'Nov 26, 10:00')).toBe(
      'Captured on Nov 26, 10:00 by CAP1 — void the capture instead to give the money back; nothing more can be done on this hold.',
    );
    expect(noReturnReason(record({ transactionType: 'Auth' }))).toMatch(/hold takes no money until it is captured/);
  });
});

describe('transaction table', () => {
  it('shows amounts as money, the state, and opens the Void screen prefilled from a row', async () => {
    const rows = [
      record({ amounts: { total: 123456, amount: 123456, tip: 250, fee: 0, tax: 0 } }),
      record({ referenceId: 'REF2', voided: true }),
    ];
    render(TransactionTable, { caption: 'Batch', records: rows, ondetails: () => {}, onreprint: () => {} });
    const first = screen.getByRole('row', { name: /REF1/ });
    expect(first.textContent).toContain('$1,234.56');
    expect(first.textContent).toContain('$2.50');
    expect(screen.getByRole('row', { name: /REF2/ }).textContent).toContain('Voided');
    expect(screen.queryByRole('button', { name: /^Void Sale REF2/ })).toBeNull();
    await fireEvent.click(screen.getByRole('button', { name: 'Void Sale REF1 ($1,234.56)' }));
    expect(navigation.current).toBe('void');
    expect(voiding).toMatchObject({ referenceId: 'REF1', amountCents: 123456, paymentType: 'Credit' });
  });

  it('shows the amount before the tip, the tip and the total the terminal charged, which add up', () => {
    // The terminal's Amount holds the tip (docs/PROTOCOL.md §3.2): a $12.34 sale after its tip was adjusted to $3.50.
    render(TransactionTable, {
      caption: 'Batch',
      records: [record({ amounts: { total: 1584, amount: 1584, tip: 350, fee: 0, tax: 0 } })],
      ondetails: () => {},
      onreprint: () => {},
    });
    const cells = screen.getByRole('row', { name: /REF1/ }).querySelectorAll('td.num');
    expect([...cells].map((cell) => cell.textContent?.trim())).toEqual(['$12.34', '$3.50', '$15.84']);
  });

  it('starts a Return as a new refund with a new reference, prefilled with the amount', async () => {
    render(TransactionTable, { caption: 'Batch', records: [record()], ondetails: () => {}, onreprint: () => {} });
    await fireEvent.click(screen.getByRole('button', { name: /^Refund Sale REF1/ }));
    expect(navigation.current).toBe('return');
    expect(refund.amountCents).toBe(1234);
    expect(refund.referenceId).not.toBe('REF1');
  });
});

describe('Status lookup form', () => {
  beforeEach(() => installFakeTransport({}));

  it('needs a reference or a number, and checks the number range at its field', async () => {
    const calls = installFakeTransport({});
    render(StatusLookup, { profile, onfound: () => {} });
    await fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
    expectFieldError(/^Reference/, 'Is required unless a transaction number is given');
    await fireEvent.input(control(/^Transaction number/), { target: { value: '0' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
    expectFieldError(/^Transaction number/, 'Must be at least 1');
    await fireEvent.input(control(/^Transaction number/), { target: { value: 'seven' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
    expectFieldError(/^Transaction number/, 'Enter a whole number');
    expect(calls).toHaveLength(0);
  });

  it('looks up by number and shows "not in the open batch" at the reference field', async () => {
    let found: TransactionView | undefined;
    const calls = installFakeTransport({
      'transactions:status': (input) =>
        input.referenceId
          ? {
              error: {
                code: 'NOT_FOUND',
                message: 'No transaction',
                fields: [{ path: 'referenceId', message: 'is not in the open batch' }],
              },
            }
          : record({ transactionNumber: '7' }),
    });
    render(StatusLookup, { profile, onfound: (value: TransactionView) => (found = value) });
    await fireEvent.input(control(/^Transaction number/), { target: { value: '7' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
    await vi.waitFor(() => expect(found?.transactionNumber).toBe('7'));
    expect(callsTo(calls, 'transactions:status')[0]?.input).toEqual({
      profileId: 'p1',
      paymentType: 'Card',
      transactionNumber: 7,
      getReceipt: 'No',
    });
    await fireEvent.input(control(/^Transaction number/), { target: { value: '' } });
    await fireEvent.input(control(/^Reference/), { target: { value: 'NOPE1' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
    await screen.findByText('Is not in the open batch');
    expectFieldError(/^Reference/, 'Is not in the open batch');
  });
});
