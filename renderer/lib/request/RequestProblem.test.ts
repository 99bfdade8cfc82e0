import { render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api';
import RequestProblem from './RequestProblem.svelte';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('Request problem', () => {
  it('says calmly that the wait for a prompt was stopped, and to cancel it on the terminal', () => {
    render(RequestProblem, {
      error: new ApiError({
        code: 'ABORTED',
        message: 'spin-desk stopped waiting for the customer request (UserInput).',
        remedy: "It may still be on the terminal's screen: press Cancel there to clear it before sending anything else.",
      }),
      what: 'the question',
    });
    expect(screen.getByRole('status').textContent).toContain('Stopped waiting');
    expect(screen.getByText(/press Cancel there/)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('gives a refused request our headline and advice, with the code and the network error name only under Details', () => {
    render(RequestProblem, {
      error: new ApiError({
        code: 'NETWORK',
        message: 'Could not connect to 127.0.0.1:9: nothing is listening there (connection refused). Nothing was sent.',
        remedy: 'Check that the terminal service is running at that address.',
        detail: 'ECONNREFUSED',
        notSent: true,
      }),
      what: 'the question',
    });
    const alert = screen.getByRole('alert');
    const details = alert.querySelector('details.technical') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    expect(details.textContent).toContain('ECONNREFUSED');
    const sentences = [...alert.querySelectorAll(':scope > p')].map((p) => p.textContent).join(' ');
    expect(sentences).toContain('nothing is listening there');
    expect(sentences).not.toContain('ECONNREFUSED');
  });

  it('shows a busy terminal’s status code under Details, not in the words', () => {
    render(RequestProblem, {
      error: new ApiError({
        code: 'TERMINAL',
        statusCode: '2008',
        message: 'Terminal in use: The terminal is busy with another request.',
        remedy: 'Wait for it to finish, then send again.',
      }),
      what: 'the question',
    });
    const alert = screen.getByRole('alert');
    expect(alert.querySelector('details.technical')?.textContent).toContain('2008');
    expect([...alert.querySelectorAll(':scope > p')].map((p) => p.textContent).join(' ')).not.toContain('2008');
  });
});
