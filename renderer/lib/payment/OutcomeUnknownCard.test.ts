import { fireEvent, render, screen } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api';
import { HOST_LOST, hostConnection } from '../host-connection.svelte';
import OutcomeUnknownCard from './OutcomeUnknownCard.svelte';

const rows = [{ label: 'Reference', value: 'SDREF1', mono: true }];
const newButton = () => screen.getByRole('button', { name: 'New refund' }) as HTMLButtonElement;

function show(error: ApiError) {
  const onnew = vi.fn();
  render(OutcomeUnknownCard, { what: 'refund', rows, error, newLabel: 'New refund', onnew });
  return onnew;
}

describe('Outcome unknown card', () => {
  it('never offers to send again, and lets a new refund start only once the cashier has checked', async () => {
    const onnew = show(new ApiError({ code: 'TIMEOUT', message: 'No answer within 120 s.' }));
    expect(screen.getByRole('heading').textContent).toBe('Outcome unknown: do not send it again yet');
    expect(screen.queryByRole('button', { name: /again/i })).toBeNull();
    expect(screen.getByText('SDREF1')).toBeTruthy();
    expect(newButton().disabled).toBe(true);
    await fireEvent.click(screen.getByLabelText('I have checked what happened to this refund'));
    expect(newButton().disabled).toBe(false);
    await fireEvent.click(newButton());
    expect(onnew).toHaveBeenCalledTimes(1);
  });

  it('says spin-desk stopped and keeps New locked while the page cannot reach it, checked or not', async () => {
    hostConnection.heard(hostConnection.sending(), HOST_LOST);
    show(new ApiError(HOST_LOST));
    expect(screen.getByRole('heading').textContent).toBe('Outcome unknown: spin-desk stopped');
    expect(screen.getByText(/Start spin-desk again/)).toBeTruthy();
    await fireEvent.click(screen.getByRole('checkbox'));
    expect(newButton().disabled).toBe(true);
  });
});
