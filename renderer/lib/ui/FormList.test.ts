import { fireEvent, render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { control, expectFieldError } from '../../test-support/field-error';
import FormListHarness from './test-harness/FormListHarness.svelte';

const rows = (): unknown => JSON.parse(screen.getByTestId('rows').textContent ?? '[]');

describe('FormList', () => {
  it('draws every row from the same specs, ids numbered by row, inside the named group', () => {
    render(FormListHarness);
    expect(screen.getByRole('group', { name: 'What was ordered' })).toBeTruthy();
    expect(control('Item 1').id).toBe('good-0-name');
    expect(control('Amount 1').id).toBe('good-0-amount');
    expect(control('Item 1').value).toBe('Latte');
  });

  it('adds rows up to its max, and each row writes into its own draft', async () => {
    render(FormListHarness);
    await fireEvent.click(screen.getByRole('button', { name: 'Add line' }));
    expect(control('Item 2').id).toBe('good-1-name');
    await fireEvent.input(control('Item 2'), { target: { value: 'Scone' } });
    await fireEvent.input(control('Amount 2'), { target: { value: '3' } });
    expect(rows()).toEqual([
      { name: 'Latte', amount: '4.50' },
      { name: 'Scone', amount: '3' },
    ]);
    expect((screen.getByRole('button', { name: 'Add line' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the list's message and each row's under its contract path", () => {
    render(FormListHarness, { errors: { goods: 'Must contain at most 2 lines', 'goods.0.amountCents': 'Not an amount' } });
    expect(screen.getByRole('alert').textContent).toBe('Must contain at most 2 lines');
    expectFieldError('Amount 1', 'Not an amount');
  });
});
