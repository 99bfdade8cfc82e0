import { render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import LiveProgress from './LiveProgress.svelte';

// What a pending payment's recovery is doing right now, with a countdown to its next step.

afterEach(() => vi.useRealTimers());

describe('live recovery progress', () => {
  it('says each phase in plain words, with main’s detail', () => {
    render(LiveProgress, { live: { phase: 'looking-up', attempt: 2, detail: 'Second Status lookup.' } });
    expect(screen.getByText('Asking the terminal what happened (Status), without sending the payment again.')).toBeTruthy();
    expect(screen.getByText('Second Status lookup.')).toBeTruthy();
    expect(screen.queryByText(/Next step in/)).toBeNull();
  });

  it('counts down to the end of a wait, second by second, and never below zero', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date('2026-01-31T10:00:00.000Z'));
    render(LiveProgress, { live: { phase: 'busy-wait', attempt: 1, detail: '', until: '2026-01-31T10:00:05.000Z' } });
    expect(screen.getByText(/The terminal is busy; nothing was processed/)).toBeTruthy();
    expect(screen.getByText('Next step in 5 s.')).toBeTruthy();
    await vi.advanceTimersByTimeAsync(2000);
    expect(screen.getByText('Next step in 3 s.')).toBeTruthy();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(screen.getByText('Next step in 0 s.')).toBeTruthy();
  });
});
