import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import AckNotice from './AckNotice.svelte';

describe('AckNotice', () => {
  it('announces what is on the terminal, with its words and code under a closed Details', () => {
    render(AckNotice, { ack: { message: 'Success', statusCode: '0000' }, title: 'The cart is on the customer display' });
    const status = screen.getByRole('status');
    expect(status.querySelector('.title')?.textContent).toBe('The cart is on the customer display');
    expect((status.querySelector('details') as HTMLDetailsElement).open).toBe(false);
    const facts = screen.getAllByRole('definition', { hidden: true }).map((fact) => fact.textContent);
    expect(facts).toEqual(['Success', '0000']);
  });
});
