import { render, screen } from '@testing-library/svelte';
import { createRawSnippet } from 'svelte';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api';
import RequestStatus from './RequestStatus.svelte';
import { TerminalRequest } from './terminal-request.svelte';

const result = createRawSnippet((answer: () => string) => ({ render: () => `<p>Customer said: ${answer()}</p>` }));

function show(request: TerminalRequest<string>) {
  render(RequestStatus<string>, { request, what: 'the question', waitMessage: 'Waiting for the customer', result });
}

async function failed(error: ConstructorParameters<typeof ApiError>[0]): Promise<TerminalRequest<string>> {
  const request = new TerminalRequest<string>();
  await request.run(30, () => Promise.reject(new ApiError(error)));
  return request;
}

describe('Request status', () => {
  it('shows nothing before a request and the answer once it came', async () => {
    const request = new TerminalRequest<string>();
    const { container } = render(RequestStatus<string>, { request, what: 'the question', waitMessage: 'Waiting for the customer', result });
    expect(container.textContent?.trim()).toBe('');
    await request.run(30, () => Promise.resolve('Yes'));
    expect((await screen.findByText('Customer said: Yes')).tagName).toBe('P');
  });

  it('points at the highlighted fields when main rejected fields, instead of a general problem', async () => {
    show(await failed({ code: 'BAD_INPUT', message: 'Bad input', fields: [{ path: 'title', message: 'Must not be empty' }] }));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Not sent');
    expect(alert.textContent).toContain('Check the highlighted fields.');
  });

  it('explains any other failure as a request problem', async () => {
    show(await failed({ code: 'TERMINAL_BUSY', message: 'The terminal is busy with another request.' }));
    expect(screen.getByRole('alert').textContent).not.toContain('Check the highlighted fields.');
    expect(screen.getByRole('alert').textContent).toMatch(/busy/i);
  });
});
