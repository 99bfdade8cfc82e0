import { render, screen } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import type { StorageHealth } from '@shared/ipc/storage-views';
import { installFakeTransport } from '../test-support/fake-transport';
import StorageBanner from './StorageBanner.svelte';

describe('Storage banner', () => {
  it('says nothing while the journal can be written', async () => {
    const calls = installFakeTransport({ 'app:storage': () => ({ state: 'ok', freeBytes: 5e9, unsavedResults: 0 }) });
    render(StorageBanner);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('warns of a nearly full disk, then of paused payments, with what to do', async () => {
    let health: StorageHealth = {
      state: 'low-space',
      message: "Only 12 MB free on the disk holding spin-desk's data. When it is full, payments are refused.",
      remedy: 'Free space on that disk.',
      freeBytes: 12e6,
      unsavedResults: 0,
    };
    installFakeTransport({ 'app:storage': () => health });
    vi.useFakeTimers();
    try {
      render(StorageBanner);
      await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toContain('The disk is nearly full'));
      expect(screen.getByRole('alert').textContent).toContain('What to do: Free space on that disk.');
      health = {
        state: 'failing',
        message: 'spin-desk cannot record payments: the disk holding its data is full (ENOSPC).',
        remedy: 'Free space, then try again.',
        freeBytes: 0,
        unsavedResults: 1,
      };
      await vi.advanceTimersByTimeAsync(5000);
      await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Payments are paused: spin-desk cannot save them'));
      expect(screen.getByRole('alert').textContent).toContain('full (ENOSPC)');
    } finally {
      vi.useRealTimers();
    }
  });

  it('says payments are missing from the journal, how many, and what came back from the terminals', async () => {
    installFakeTransport({
      'app:storage': () => ({
        state: 'entries-missing',
        message:
          "3 payments recorded on this PC are missing from the journal: its newest entries were lost from journal.sqlite after a crash (its write-ahead log deleted or damaged). 2 were restored from the terminals' open batches.",
        remedy: "Compare History with the processor's report for the day.",
        freeBytes: 5e9,
        unsavedResults: 0,
        lostEntries: { missing: 3, restored: 2, rebuilt: true },
      }),
    });
    render(StorageBanner);
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Payments are missing from the journal'));
    expect(screen.getByRole('alert').textContent).toContain('3 payments recorded on this PC are missing from the journal');
    expect(screen.getByRole('alert').textContent).toContain("What to do: Compare History with the processor's report");
  });
});
