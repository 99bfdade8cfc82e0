import { render, screen } from '@testing-library/svelte';
import { createRawSnippet } from 'svelte';
import { describe, expect, it } from 'vitest';
import FieldGroup from './FieldGroup.svelte';

const fields = createRawSnippet(() => ({ render: () => '<label>Price <input /></label>' }));

describe('Field group', () => {
  it('names its controls by the legend and locks them all while disabled', () => {
    render(FieldGroup, { legend: 'Item 1', disabled: true, children: fields });
    const group = screen.getByRole('group', { name: 'Item 1' }) as HTMLFieldSetElement;
    expect(group.disabled).toBe(true);
    expect((screen.getByLabelText('Price') as HTMLInputElement).matches(':disabled')).toBe(true);
  });

  it('keeps the legend for screen readers only when a heading already names the group', () => {
    render(FieldGroup, { legend: 'Payment', legendHidden: true, children: fields });
    expect(screen.getByRole('group', { name: 'Payment' })).toBeTruthy();
    expect(screen.getByText('Payment').classList.contains('visually-hidden')).toBe(true);
    expect((screen.getByLabelText('Price') as HTMLInputElement).matches(':disabled')).toBe(false);
  });
});
