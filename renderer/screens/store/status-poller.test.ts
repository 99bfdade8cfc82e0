import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TerminalState, TerminalStateView } from '@shared/ipc/diagnostics-views';
import { nextPollDelay, OFFLINE_POLL_MAX_MS, ONLINE_POLL_MS, StatusPoller } from './status-poller';

afterEach(() => {
  vi.useRealTimers();
});

/** A poller over terminals whose state the test sets; every ask is counted per terminal. */
function pollerOver(states: Record<string, TerminalState>) {
  const asks: string[] = [];
  const seen: TerminalStateView[] = [];
  const poller = new StatusPoller({
    ask: async (profileId) => {
      asks.push(profileId);
      return { profileId, state: states[profileId] ?? 'unknown', detail: '' };
    },
    onView: (view) => seen.push(view),
  });
  const asksOf = (id: string) => asks.filter((ask) => ask === id).length;
  return { poller, asks, seen, asksOf };
}

describe('nextPollDelay', () => {
  it('keeps the online pace while the terminal is there and doubles to a ceiling of at least 30 s while it is not', () => {
    expect(nextPollDelay('online', 3)).toBe(ONLINE_POLL_MS);
    expect(nextPollDelay('busy', 0)).toBe(ONLINE_POLL_MS);
    const offline = [0, 1, 2, 3, 4, 5].map((misses) => nextPollDelay('offline', misses));
    expect(offline).toEqual([10_000, 20_000, 40_000, 60_000, 60_000, 60_000]);
    expect(OFFLINE_POLL_MAX_MS).toBeGreaterThanOrEqual(30_000);
    expect(nextPollDelay('failed', 2)).toBe(40_000);
  });
});

describe('StatusPoller', () => {
  it('asks an online terminal at most once per 5 s and an offline one ever more rarely', async () => {
    vi.useFakeTimers();
    const { poller, asksOf } = pollerOver({ lane1: 'online', lane2: 'offline' });
    poller.watch(['lane1', 'lane2']);
    await vi.advanceTimersByTimeAsync(0);
    expect([asksOf('lane1'), asksOf('lane2')]).toEqual([1, 1]);
    // Two minutes: online every 5 s (24 more); offline after waits of 10, 20, 40, 60 s (at 10, 30, 70 and 130 s: three within 120 s).
    await vi.advanceTimersByTimeAsync(120_000);
    expect(asksOf('lane1')).toBe(1 + 120_000 / ONLINE_POLL_MS);
    expect(asksOf('lane2')).toBe(1 + 3);
    expect(poller.delayOf('lane2')).toBe(60_000);
    poller.stop();
  });

  it('comes back to the online pace when the terminal answers again, and "Check connection" asks at once', async () => {
    vi.useFakeTimers();
    const states: Record<string, TerminalState> = { lane3: 'offline' };
    const { poller, asksOf, seen } = pollerOver(states);
    poller.watch(['lane3']);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(poller.delayOf('lane3')).toBe(40_000);
    states.lane3 = 'online';
    await poller.now('lane3');
    expect(asksOf('lane3')).toBe(3 + 1);
    expect(seen.at(-1)?.state).toBe('online');
    expect(poller.delayOf('lane3')).toBe(ONLINE_POLL_MS);
    poller.stop();
  });

  it('stops asking about a terminal no longer watched, and a failed ask backs off like offline', async () => {
    vi.useFakeTimers();
    let fail = true;
    const asks: string[] = [];
    const poller = new StatusPoller({
      ask: async (profileId) => {
        asks.push(profileId);
        if (fail) throw new Error('host busy');
        return { profileId, state: 'online', detail: '' };
      },
      onView: () => undefined,
    });
    poller.watch(['a', 'b']);
    await vi.advanceTimersByTimeAsync(0);
    expect(poller.delayOf('a')).toBe(10_000);
    poller.watch(['a']);
    fail = false;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(asks.filter((id) => id === 'b')).toHaveLength(1);
    expect(poller.delayOf('a')).toBe(ONLINE_POLL_MS);
    poller.stop();
  });
});
