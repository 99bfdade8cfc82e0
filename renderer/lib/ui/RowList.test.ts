import { fireEvent, render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import RowListHarness from './test-harness/RowListHarness.svelte';

const values = () => screen.getAllByRole('textbox').map((input) => (input as HTMLInputElement).value);

describe('Row list', () => {
  it('adds a row at the end and removes the one asked for, keeping the keyboard in the list', async () => {
    render(RowListHarness);
    await fireEvent.click(screen.getByRole('button', { name: 'Add option' }));
    expect(values()).toEqual(['Red', 'Blue', 'New 3']);
    await fireEvent.click(screen.getByRole('button', { name: 'Remove option 1' }));
    expect(values()).toEqual(['Blue', 'New 3']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add option' }));
  });

  it('stops adding at its maximum and shows the list’s error as an alert', () => {
    render(RowListHarness, { max: 2, error: 'Must contain at most 2 options' });
    expect((screen.getByRole('button', { name: 'Add option' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe('Must contain at most 2 options');
  });
});
