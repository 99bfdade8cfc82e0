import { fireEvent, render } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import { control, expectFieldError } from '../../test-support/field-error';
import SelectField from './SelectField.svelte';

const options = [
  { value: 'credit', label: 'Credit' },
  { value: 'debit', label: 'Debit' },
] as const;

describe('Select field', () => {
  it('offers the options, shows the chosen one and tells the form what was picked', async () => {
    const onchange = vi.fn();
    render(SelectField<'credit' | 'debit'>, { id: 'type', label: 'Payment type', value: 'credit', options, onchange });
    const select = control('Payment type');
    expect(select.value).toBe('credit');
    await fireEvent.change(select, { target: { value: 'debit' } });
    expect(onchange).toHaveBeenCalledWith('debit');
  });

  it('shows its error at the field', () => {
    render(SelectField<'credit' | 'debit'>, {
      id: 'type',
      label: 'Payment type',
      value: 'credit',
      options,
      error: 'Pick one the terminal takes',
    });
    expectFieldError('Payment type', 'Pick one the terminal takes');
  });
});
