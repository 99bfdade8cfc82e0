import { render, screen } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import type { UpdateStatus } from '@shared/ipc/update-views';
import { installFakeTransport } from '../test-support/fake-transport';
import UpdateBanner from './UpdateBanner.svelte';

describe('Update banner', () => {
  it('says nothing where spin-desk does not update itself, or while no update waits', async () => {
    for (const state of ['not-here', 'idle', 'downloading', 'error'] as const) {
      const calls = installFakeTransport({ 'app:updates': () => ({ state, message: `state ${state}` }) });
      const { unmount } = render(UpdateBanner);
      await vi.waitFor(() => expect(calls).toHaveLength(1));
      expect(screen.queryByRole('status'), state).toBeNull();
      unmount();
    }
  });

  it('shows one quiet line once an update is ready, and follows main when it waits for a payment', async () => {
    let status: UpdateStatus = { state: 'ready', version: '1.3.0', message: 'spin-desk 1.3.0 is ready to install.' };
    installFakeTransport({ 'app:updates': () => status });
    vi.useFakeTimers();
    try {
      render(UpdateBanner);
      await vi.waitFor(() => expect(screen.getByRole('status').textContent).toBe('spin-desk 1.3.0 is ready to install.'));
      status = { state: 'waiting', version: '1.3.0', message: 'spin-desk 1.3.0 installs as soon as no payment is open.' };
      await vi.advanceTimersByTimeAsync(60_000);
      await vi.waitFor(() => expect(screen.getByRole('status').textContent).toContain('installs as soon as no payment is open'));
    } finally {
      vi.useRealTimers();
    }
  });
});
