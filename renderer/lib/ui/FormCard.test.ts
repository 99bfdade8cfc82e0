import { fireEvent, render, screen } from '@testing-library/svelte';
import { createRawSnippet } from 'svelte';
import { describe, expect, it, vi } from 'vitest';
import FormCard from './FormCard.svelte';

const fields = createRawSnippet(() => ({ render: () => '<label>Amount <input /></label>' }));
const actions = createRawSnippet(() => ({ render: () => '<button type="submit">Charge</button>' }));
const notice = createRawSnippet(() => ({ render: () => '<p role="alert">The terminal is busy.</p>' }));

describe('Form card', () => {
  it('is a form named by its heading that hands the submit to the screen', async () => {
    const onsubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    render(FormCard, { id: 'sale-title', title: 'New sale', onsubmit, children: fields, actions, notice });
    const form = screen.getByRole('form', { name: 'New sale' });
    expect(screen.getByRole('heading', { name: 'New sale' })).toBeTruthy();
    expect(form.contains(screen.getByRole('alert'))).toBe(true);
    await fireEvent.click(screen.getByRole('button', { name: 'Charge' }));
    expect(onsubmit).toHaveBeenCalledTimes(1);
  });

  it('locks its fields while the request is out, named by its label when the screen has the title', () => {
    render(FormCard, { label: 'Tip adjust', busy: true, onsubmit: vi.fn(), children: fields, actions });
    expect(screen.getByRole('form', { name: 'Tip adjust' })).toBeTruthy();
    expect(screen.queryByRole('heading')).toBeNull();
    expect((screen.getByLabelText('Amount') as HTMLInputElement).matches(':disabled')).toBe(true);
  });
});
