import { render, screen } from '@testing-library/svelte';
import { createRawSnippet } from 'svelte';
import { describe, expect, it } from 'vitest';
import { approvedResult } from '../../test-support/fixtures';
import OperationResultCard from './OperationResultCard.svelte';
import { NO_FIGURES } from './result-fixtures';

const actions = createRawSnippet(() => ({ render: () => '<button type="button">Next</button>' }));

function show(overrides: Parameters<typeof approvedResult>[0], requestedCents: number | null = 4250, feeKind?: 'fee' | 'surcharge') {
  render(OperationResultCard, {
    ...(feeKind ? { feeKind } : {}),
    result: approvedResult(overrides),
    words: { approvedHeading: 'Captured', what: 'capture', declinedSummary: 'The Auth was not captured.' },
    sent: { amountCents: requestedCents, paymentType: 'Credit', terminalName: 'Front counter' },
    actions,
  });
}

describe('Operation result card', () => {
  it('shows the approved total as money, the masked card and the chip data', () => {
    show({
      amounts: { total: 445000, amount: 440000, tip: 5000, fee: 0, tax: 0 },
      emv: { applicationName: 'VISA CREDIT', aid: 'A0000000031010', tvr: '0000008000' },
    });
    expect(screen.getByRole('heading', { name: 'Captured' })).toBeTruthy();
    expect(screen.getAllByText('$4,450.00').length).toBeGreaterThan(0);
    expect(screen.getByText('$50.00')).toBeTruthy();
    expect(screen.getByText('Visa •••• 0119 · Chip')).toBeTruthy();
    expect(screen.getByText('A0000000031010')).toBeTruthy();
    expect(screen.getByText('VISA CREDIT')).toBeTruthy();
  });

  it('says Amount before the tip, so Amount + Tip = Total as on the receipt', () => {
    // $12.34 with a $2.00 tip: the terminal answers Amount 14.34 (tip included) and TotalAmount 14.34.
    show({ amounts: { total: 1434, amount: 1434, tip: 200, fee: 0, tax: 0 } });
    const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent?.trim();
    expect([figure('Amount'), figure('Tip'), figure('Total')]).toEqual(['$12.34', '$2.00', '$14.34']);
  });

  it('says in words that the card paid more than was asked, naming the surcharge and the tax on it (issue 36)', () => {
    // $100.00 with a $10.00 tip on a 3 % surcharge taxed at 8 %: Amount 110.00, FeeAmount 3.00, TaxAmount 0.24.
    show(
      {
        amounts: { total: 11324, amount: 11000, tip: 1000, fee: 300, tax: 24 },
        receipts: { customer: '<L>FEE</L><R>3.00</R><BR/><L>TAX</L><R>0.24</R>', merchant: '' },
      },
      11000,
      'surcharge',
    );
    expect(screen.getByText(/^The card was charged/).textContent).toBe(
      'The card was charged $113.24: $100.00 + $10.00 tip + $3.00 surcharge + $0.24 tax on the surcharge.',
    );
    const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent?.trim();
    expect([figure('Amount'), figure('Tip'), figure('Surcharge'), figure('Tax on the surcharge'), figure('Total')]).toEqual([
      '$100.00',
      '$10.00',
      '$3.00',
      '$0.24',
      '$113.24',
    ]);
    expect(screen.queryByText('Tax', { selector: 'dt' })).toBeNull();
    expect(screen.getByText(/^On these receipts/).textContent).toBe(
      'On these receipts FEE $3.00 is the surcharge the terminal added and TAX $0.24 the tax on the surcharge, not sales tax.',
    );
  });

  it('adds no charged-more words when the terminal added nothing', () => {
    show({ amounts: { total: 1434, amount: 1434, tip: 200, fee: 0, tax: 0 } });
    expect(screen.queryByText(/^The card was charged/)).toBeNull();
  });

  it('labels what was asked for when nothing moved, with the explanation and remedy', () => {
    show({
      ...NO_FIGURES,
      outcome: 'declined',
      statusCode: '1015',
      message: 'Declined',
      explanation: 'The bank said no.',
      remedy: 'Ask for another card.',
    });
    expect(screen.getByText('Requested $42.50')).toBeTruthy();
    expect(screen.getByText('The Auth was not captured.')).toBeTruthy();
    expect(screen.getByText('The bank said no.')).toBeTruthy();
    expect(screen.getByText('Ask for another card.')).toBeTruthy();
  });

  it('keeps the code and the terminal’s own words under a closed Details disclosure, out of the headline', () => {
    show({ outcome: 'declined', statusCode: '1015', message: 'DECLINED BY ISSUER', explanation: 'The bank said no.' });
    const details = document.querySelector('details.technical') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    expect(details.querySelector('summary')?.textContent).toBe('Details');
    expect(details.textContent).toContain('1015');
    expect(details.textContent).toContain('DECLINED BY ISSUER');
    // Nothing outside Details shows the code or the service's text.
    const outside = document.querySelector('article')!.cloneNode(true) as HTMLElement;
    outside.querySelectorAll('details').forEach((element) => element.remove());
    expect(outside.textContent).toContain('The bank said no.');
    expect(outside.textContent).not.toMatch(/1015|DECLINED BY ISSUER|Status code/);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Declined');
  });

  it('says when the outcome came from looking the request up, and then offers no check-first retry', () => {
    show({
      outcome: 'failed',
      statusCode: '2007',
      recovery: { how: 'status-lookup', reason: 'the terminal did not answer in time (2007)' },
    });
    expect(
      screen.getByText(/Found by looking it up: the first answer was lost \(the terminal did not answer in time \(2007\)\)/),
    ).toBeTruthy();
    expect(screen.queryByText('Check before charging again')).toBeNull();
  });

  it('shows a canceled outcome as canceled on the terminal with nothing charged, not as a decline', () => {
    show({ ...NO_FIGURES, outcome: 'canceled', statusCode: '1012', message: 'Canceled' });
    expect(screen.getByRole('heading', { name: 'Canceled on the terminal' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Declined' })).toBeNull();
    expect(screen.getByText('Canceled on the terminal, nothing charged.')).toBeTruthy();
    expect(screen.queryByText('The Auth was not captured.')).toBeNull();
  });

  it('shows a settled-unknown outcome as "charged or not", never as not completed or nothing charged', () => {
    show({
      ...NO_FIGURES,
      outcome: 'settled-unknown',
      statusCode: '',
      message: 'Charged or not: check the settled batch.',
      explanation: 'The batch was settled before spin-desk could look it up.',
      remedy: 'Do not charge again yet.',
      recovery: { how: 'status-lookup', reason: 'the connection dropped before the answer arrived' },
    });
    expect(screen.getByRole('heading', { name: 'Charged or not: check the settled batch' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Not completed' })).toBeNull();
    expect(screen.getByText('Requested $42.50')).toBeTruthy();
    expect(screen.getByText('Do not charge again yet.')).toBeTruthy();
    expect(screen.queryByText(/nothing charged|The Auth was not captured/)).toBeNull();
  });
});

describe('an answer whose figures do not add up (issue 38)', () => {
  it('says so loudly, naming the field, and shows no figure as if true', () => {
    show({ ...NO_FIGURES, amountsProblem: "The terminal's figures do not add up: FeeAmount: -0.5 is below $0.00" });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain("The terminal's figures do not add up");
    expect(alert.textContent).toContain('FeeAmount: -0.5 is below $0.00');
    expect(screen.getByRole('heading', { name: 'Captured' })).toBeTruthy();
    expect(screen.queryByTestId('charged-words')).toBeNull();
  });
});
