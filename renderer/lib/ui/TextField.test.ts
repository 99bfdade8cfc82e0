import { fireEvent, render } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { control, expectFieldError, expectNoFieldError } from '../../test-support/field-error';
import TextField from './TextField.svelte';

describe('Text field', () => {
  it('passes its input attributes on and takes typing', async () => {
    render(TextField, { id: 'tpn', label: 'TPN', value: 'Z8', maxlength: 12, autocomplete: 'off' });
    const input = control('TPN');
    expect(input.value).toBe('Z8');
    expect(input.maxLength).toBe(12);
    await fireEvent.input(input, { target: { value: 'Z8SIM0000001' } });
    expect(input.value).toBe('Z8SIM0000001');
    expectNoFieldError('TPN');
  });

  it('shows its error at the field', () => {
    render(TextField, { id: 'tpn', label: 'TPN', error: 'Must be 10 to 12 characters' });
    expectFieldError('TPN', 'Must be 10 to 12 characters');
  });
});
