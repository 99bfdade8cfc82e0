import { fireEvent, render, screen } from '@testing-library/svelte';
import { createRawSnippet } from 'svelte';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { TerminalRequest } from '../../lib/request/terminal-request.svelte';
import RequestCard from './RequestCard.svelte';
import type { RequestCardWords } from './request-card-words';

const words: RequestCardWords = {
  id: 'ask-heading',
  title: 'Ask the customer',
  send: 'Ask',
  sending: 'Waiting…',
  clear: 'Clear answer',
  what: 'the question',
  waitMessage: 'Waiting for the customer to answer',
  failTitle: 'The question was not asked',
};
const children = createRawSnippet(() => ({ render: () => '<input aria-label="Question" />' }));
const result = createRawSnippet((answer: () => string) => ({ render: () => `<p>Customer said: ${answer()}</p>` }));

function show(request: TerminalRequest<string>, onsubmit = (event: SubmitEvent) => event.preventDefault()) {
  render(RequestCard<string>, { request, words, disabled: false, onsubmit, children, result });
}

describe('RequestCard', () => {
  it('is a form named by its heading, with its fields and its send button', async () => {
    let submitted = 0;
    show(new TerminalRequest<string>(), (event) => {
      event.preventDefault();
      submitted++;
    });
    expect(screen.getByRole('form', { name: 'Ask the customer' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Ask the customer' }).id).toBe('ask-heading');
    await fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    expect(submitted).toBe(1);
    expect(screen.queryByRole('button', { name: 'Clear answer' })).toBeNull();
  });

  it('locks its fields while the request is out, and shows the answer below with a way to clear it', async () => {
    const request = new TerminalRequest<string>();
    show(request);
    let answer: (value: string) => void = () => {};
    const sent = request.run(30, () => new Promise<string>((resolve) => (answer = resolve)));
    expect((await screen.findByRole('button', { name: 'Waiting…' })).textContent).toBe('Waiting…');
    expect((screen.getByRole('textbox', { name: 'Question' }) as HTMLInputElement).matches(':disabled')).toBe(true);
    expect(screen.getByText('Waiting for the customer to answer')).toBeTruthy();
    answer('Yes');
    await sent;
    expect(await screen.findByText('Customer said: Yes')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Question' }) as HTMLInputElement).matches(':disabled')).toBe(false);
    await fireEvent.click(screen.getByRole('button', { name: 'Clear answer' }));
    expect(screen.queryByText('Customer said: Yes')).toBeNull();
  });

  it('names a failure with its own title', async () => {
    const request = new TerminalRequest<string>();
    show(request);
    await request.run(30, () =>
      Promise.reject(new ApiError({ code: 'TERMINAL_BUSY', message: 'The terminal is busy with another request.' })),
    );
    expect((await screen.findByRole('alert')).textContent).toContain('The question was not asked');
  });
});
