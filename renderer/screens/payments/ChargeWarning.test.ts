import { render, screen, within } from '@testing-library/svelte';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { approvedResult } from '../../test-support/fixtures';
import { sale } from './drafts.svelte';
import NewPaymentResult from './NewPaymentResult.svelte';
import HistoryDetail from '../history/HistoryDetail.svelte';
import HistoryTable from '../history/HistoryTable.svelte';
import { journalEntry } from '../history/history-fixtures';
import type { ChargeCheck } from '@shared/ipc/tip-rules';

// The charge warning where a cashier meets it: the Sale's result card (with its receipts) and
// History's list and detail. What was meant, what the terminal charged, and what to do, in words.

beforeEach(() => {
  sale.clear();
  // What was sent: $15.00 and a $5.00 tip.
  sale.sent = {
    profileId: 'p1',
    terminalName: 'Front counter',
    referenceId: 'SDTIP1',
    amountCents: 2000,
    paymentType: 'Credit',
    startedAt: 0,
    timeoutSeconds: 120,
  };
});

/** A terminal that added the tip on top of an Amount that already held it. */
const onTop: ChargeCheck = {
  state: 'differs',
  meantCents: 2000,
  meantTipCents: 500,
  chargedCents: 2500,
  chargedTipCents: 500,
  totalCents: 2500,
  sentAmountCents: 2000,
};

describe('charge warning on the result card', () => {
  it('says loudly that the terminal charged another amount, what was meant, why, and what to do, also by the receipts', () => {
    render(NewPaymentResult, {
      kind: 'sale',
      result: approvedResult({
        amounts: { total: 2500, amount: 2500, tip: 500, fee: 0, tax: 0 },
        chargeCheck: onTop,
        receipts: { customer: '<L>TOTAL</L><R>25.00</R>' },
      }),
    });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('The terminal charged $25.00, not $20.00')).toBeTruthy();
    expect(alert.textContent).toContain('You entered $15.00 + $5.00 tip = $20.00.');
    expect(alert.textContent).toContain('The terminal charged $25.00, with a tip of $5.00.');
    expect(alert.textContent).toContain(
      'spin-desk sent Amount $20.00 with TipAmount $5.00: this terminal seems to add the tip on top of Amount.',
    );
    expect(alert.textContent).toMatch(
      /What to do: Check the receipt with the customer\. If \$25\.00 is wrong, void this sale and take it again for \$20\.00\./,
    );
    expect(screen.getByText('Check these receipts with the customer: the terminal charged $25.00, not $20.00.')).toBeTruthy();
    // The catalogue's "Nothing to do" for an approval would contradict the warning: only one "What to do".
    expect(screen.getAllByText('What to do:')).toHaveLength(1);
  });

  it('shows nothing of the kind when the charge is what was meant, or on a partial approval', () => {
    const { unmount } = render(NewPaymentResult, { kind: 'sale', result: approvedResult({ receipts: { customer: 'TOTAL 12.34' } }) });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/check these receipts/)).toBeNull();
    unmount();
    render(NewPaymentResult, {
      kind: 'sale',
      result: approvedResult({
        outcome: 'partial',
        statusCode: '0001',
        amounts: { total: 1600, amount: 1600, tip: 500, fee: null, tax: null },
      }),
    });
    expect(screen.queryByText(/The terminal charged/)).toBeNull();
    expect(screen.getByText(/Only \$16\.00 of \$20\.00 was approved/)).toBeTruthy();
  });
});

describe('charge warning in History', () => {
  const flagged = journalEntry('t1', {
    amountCents: 1500,
    tipCents: 500,
    sentAmountCents: 2000,
    outcome: { ...journalEntry('t1').outcome!, approvedCents: 2500, totalCents: 2500, answeredTipCents: 500, chargeCheck: onTop },
  });

  it('marks the entry in the list instead of a plain green "Approved"', () => {
    render(HistoryTable, { entries: [flagged, journalEntry('t2')], selectedId: null, onopen: vi.fn() });
    const cell = screen.getByText('Approved — the terminal charged $25.00, not $20.00');
    expect(cell.classList.contains('danger')).toBe(true);
    expect(screen.getByText('Approved').classList.contains('ok')).toBe(true);
  });

  it('explains it in the detail, with what was sent and what the terminal charged', () => {
    render(HistoryDetail, { entry: flagged, onclose: vi.fn() });
    expect(screen.getByText('The terminal charged $25.00, not $20.00')).toBeTruthy();
    expect(screen.getByText(/void this sale and take it again for \$20\.00/)).toBeTruthy();
    const fact = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    expect(fact('Sent to the terminal')).toBe('Amount $20.00 with TipAmount $5.00');
    // The figures as the terminal charged them (shared/ipc/money-model.ts): its Amount holds the tip.
    expect([fact('Amount'), fact('Tip'), fact('Total')]).toEqual(['$20.00', '$5.00', '$25.00']);
  });
});
