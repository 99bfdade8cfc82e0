import { fireEvent, render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api';
import { HOST_LOST, hostConnection } from '../host-connection.svelte';
import RequestActions from './RequestActions.svelte';
import { TerminalRequest } from './terminal-request.svelte';

const labels = { label: 'Ask the customer', waitingLabel: 'Waiting…', clearLabel: 'Clear answer' };
const buttonNames = () => screen.getAllByRole('button').map((button) => button.textContent);

describe('Request actions', () => {
  it('says Waiting… while the request is out and offers Clear only once it ended, which blanks the form', async () => {
    const request = new TerminalRequest<string>();
    let answer!: (value: string) => void;
    const run = request.run(30, () => new Promise<string>((resolve) => (answer = resolve)));
    render(RequestActions<string>, { request, ...labels, disabled: true });
    expect(buttonNames()).toEqual(['Waiting…']);
    answer('Yes');
    await run;
    await screen.findByRole('button', { name: 'Clear answer' });
    expect(buttonNames()).toEqual(['Ask the customer', 'Clear answer']);
    await fireEvent.click(screen.getByRole('button', { name: 'Clear answer' }));
    expect(request.phase).toBe('idle');
    expect(buttonNames()).toEqual(['Ask the customer']);
  });

  it('offers Clear after a failure too, and locks the submit while the page cannot reach spin-desk', async () => {
    const request = new TerminalRequest<string>();
    await request.run(30, () => Promise.reject(new ApiError({ code: 'TERMINAL_BUSY', message: 'Busy' })));
    hostConnection.heard(hostConnection.sending(), HOST_LOST);
    render(RequestActions<string>, { request, ...labels, disabled: false });
    expect((screen.getByRole('button', { name: 'Ask the customer' }) as HTMLButtonElement).disabled).toBe(true);
    expect(buttonNames()).toEqual(['Ask the customer', 'Clear answer']);
  });
});
