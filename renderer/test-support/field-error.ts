import { screen } from '@testing-library/svelte';
import { expect } from 'vitest';

/** The control with this accessible label (exact text, or a pattern). */
export function control(label: string | RegExp): HTMLInputElement {
  return screen.getByLabelText(label, typeof label === 'string' ? { exact: false } : {}) as HTMLInputElement;
}

/**
 * Asserts the message is shown AT the field: the control is aria-invalid and its
 * aria-describedby names the element holding the message, as a screen reader would read it.
 */
export function expectFieldError(label: string | RegExp, message: string | RegExp): void {
  const input = control(label);
  expect(input.getAttribute('aria-invalid'), `${String(label)} should be invalid`).toBe('true');
  const described = (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '');
  const text = described.join(' ');
  if (typeof message === 'string') expect(text).toContain(message);
  else expect(text).toMatch(message);
}

export function expectNoFieldError(label: string | RegExp): void {
  expect(control(label).getAttribute('aria-invalid')).toBeNull();
}
