import { fireEvent, render, screen } from '@testing-library/svelte';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TestSaleFate as Fate } from '@shared/ipc/diagnostics-views';
import { ApiError } from '../../lib/api';
import { hostConnection } from '../../lib/host-connection.svelte';
import TestSaleFate from './TestSaleFate.svelte';

// What became of Verify's test sale: a loud alert with a button when it may be charged, a quiet
// status line otherwise.

const fate = (fields: Partial<Fate> = {}): Fate => ({
  referenceId: 'TIPCHECKABC',
  amountCents: 110,
  fate: 'may-be-charged',
  words: 'The $1.10 test sale TIPCHECKABC may be charged: void it here.',
  earlier: false,
  ...fields,
});

beforeEach(() => {
  hostConnection.lost = false;
});

/** The fate shown with nothing running and nothing failed, unless told otherwise. */
function show(shown: Fate, props: { resolving?: boolean; error?: ApiError | null; busy?: boolean; onresolve?: () => void } = {}) {
  return render(TestSaleFate, { fate: shown, resolving: false, error: null, busy: false, onresolve: () => {}, ...props });
}

describe('the fate of the test sale', () => {
  it('may be charged: an alert whose button voids it by its reference', async () => {
    const onresolve = vi.fn();
    show(fate(), { onresolve });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The test sale may be charged');
    expect(alert.textContent).toContain('The $1.10 test sale TIPCHECKABC may be charged: void it here.');
    await fireEvent.click(screen.getByRole('button', { name: 'Void test sale TIPCHECKABC' }));
    expect(onresolve).toHaveBeenCalledTimes(1);
  });

  it('an earlier check’s test sale is named as such', () => {
    show(fate({ earlier: true }));
    expect(screen.getByText('An earlier test sale may still be charged')).toBeTruthy();
  });

  it('while it is looked up, or another request runs, the button waits', () => {
    const { unmount } = show(fate(), { resolving: true });
    expect((screen.getByRole('button', { name: 'Looking it up…' }) as HTMLButtonElement).disabled).toBe(true);
    unmount();
    show(fate(), { busy: true });
    expect((screen.getByRole('button', { name: 'Void test sale TIPCHECKABC' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says why the last try could not finish, with what to do', () => {
    const error = new ApiError({ code: 'NETWORK', message: 'The terminal is busy.', remedy: 'Try again in a minute.' });
    show(fate(), { error });
    expect(screen.getByText('Could not finish: The terminal is busy. Try again in a minute.')).toBeTruthy();
  });

  it('voided or never charged: a status line, no button', () => {
    const { unmount } = show(fate({ fate: 'voided', words: 'The test sale TIPCHECKABC ($1.10) was voided: nothing stays charged.' }));
    expect(screen.getByRole('status').textContent).toContain('Test sale voided');
    expect(screen.queryByRole('button')).toBeNull();
    unmount();
    show(fate({ fate: 'not-charged', words: 'Nothing was charged.' }));
    expect(screen.getByRole('status').textContent).toContain('Test sale not charged');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
