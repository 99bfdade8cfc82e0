import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import ErrorNotice from './ErrorNotice.svelte';

// A failed call as the screens show it: an alert headed by what could not be done, then what went
// wrong and what to do in one sentence; nothing at all while there is no failure.

describe('ErrorNotice', () => {
  it('alerts with the headline, what went wrong and what to do', () => {
    const error = new ApiError({ code: 'NETWORK', message: 'The terminal did not answer.', remedy: 'Check that it is on.' });
    render(ErrorNotice, { title: 'Could not check the batch', error });
    const alert = screen.getByRole('alert');
    expect(alert.querySelector('.title')?.textContent).toBe('Could not check the batch');
    expect(screen.getByText('The terminal did not answer. Check that it is on.')).toBeTruthy();
  });

  it('shows nothing while there is no failure', () => {
    render(ErrorNotice, { title: 'Could not check the batch', error: null });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Could not check the batch')).toBeNull();
  });
});
