import { render, screen } from '@testing-library/svelte';
import { createRawSnippet } from 'svelte';
import { describe, expect, it } from 'vitest';
import type { FieldAria } from './field-aria';
import Field from './Field.svelte';

// The control a form puts in the field, spreading the aria attributes Field hands it.
const control = createRawSnippet((aria: () => FieldAria) => ({
  render: () => {
    const { id, 'aria-invalid': invalid, 'aria-describedby': described } = aria();
    return `<input id="${id}"${invalid ? ` aria-invalid="${invalid}"` : ''}${described ? ` aria-describedby="${described}"` : ''} />`;
  },
}));

const input = () => screen.getByLabelText(/^Tip/) as HTMLInputElement;
const describedBy = () => (input().getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);

describe('Field', () => {
  it('labels its control and reads out the hint and the error with it, the error marking it invalid', () => {
    render(Field, { id: 'tip', label: 'Tip', hint: 'In dollars', error: 'Must be $0.00 or more', control });
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(describedBy()).toEqual(['In dollars', 'Must be $0.00 or more']);
  });

  it('leaves a field without notes unmarked, and says (optional) in the label when asked', () => {
    render(Field, { id: 'tip', label: 'Tip', optional: true, control });
    expect(input().getAttribute('aria-invalid')).toBeNull();
    expect(input().getAttribute('aria-describedby')).toBeNull();
    expect(document.querySelector('label')?.textContent?.replace(/\s+/g, ' ').trim()).toBe('Tip (optional)');
  });
});
