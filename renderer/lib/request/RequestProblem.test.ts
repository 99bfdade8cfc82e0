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
});
