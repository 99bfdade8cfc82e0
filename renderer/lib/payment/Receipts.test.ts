import { fireEvent, render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Receipts from './Receipts.svelte';

afterEach(() => vi.restoreAllMocks());

const titles = () => [...document.querySelectorAll('summary')].map((summary) => summary.textContent);

describe('Receipts', () => {
  it('shows only the copies the terminal sent, as text, and names its FEE and TAX for what they are', () => {
    render(Receipts, {
      receipts: { customer: '<L>FEE</L><R>1.00</R><L>TAX</L><R>0.08</R>', merchant: '' },
      amounts: { total: 2108, amount: 2000, tip: 0, fee: 100, tax: 8 },
      feeKind: 'surcharge',
    });
    expect(titles()).toEqual(['Customer receipt']);
    const lines = (document.querySelector('pre')?.textContent ?? '').trim().split('\n');
    expect(lines.map((line) => line.replace(/ +/g, ' '))).toEqual(['FEE 1.00', 'TAX 0.08']);
    expect(screen.getByText(/^On these receipts/).textContent).toBe(
      'On these receipts FEE $1.00 is the surcharge the terminal added and TAX $0.08 the tax on the surcharge, not sales tax.',
    );
  });

  it('prints one copy in the receipt layout and leaves that layout once the browser says printing is over', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    render(Receipts, { receipts: { customer: 'TOTAL 12.34', merchant: 'TOTAL 12.34' } });
    expect(titles()).toEqual(['Customer receipt', 'Merchant receipt']);
    await fireEvent.click(screen.getByRole('button', { name: 'Print merchant receipt', hidden: true }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(document.body.classList.contains('printing-receipt')).toBe(true);
    expect([...document.querySelectorAll('pre')].map((pre) => pre.classList.contains('print-target'))).toEqual([false, true]);
    await fireEvent(window, new Event('afterprint'));
    expect(document.body.classList.contains('printing-receipt')).toBe(false);
  });
});
