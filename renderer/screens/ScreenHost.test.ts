import { fireEvent, render, screen } from '@testing-library/svelte';
import { flushSync, type Component } from 'svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScreenChunks } from './screen-chunks.svelte';
import ScreenHost from './ScreenHost.svelte';
import SaleScreen from './payments/SaleScreen.svelte';

afterEach(() => vi.useRealTimers());

/** A component with no props of its own, as a screen is, fetched for real with import(). */
const realChunk = () => import('../shell/Toasts.svelte');
/** An address with no file behind it: the real import() fails as a chunk does when the host is gone. */
const missingChunk = () => import(/* @vite-ignore */ `./gone-${Date.now()}.js`);

/** The chunk's arrival, held until the test lets it go. */
function heldChunk(): { load: () => Promise<{ default: Component }>; release: () => void } {
  let release = () => {};
  const arrived = new Promise<void>((resolve) => (release = resolve));
  return { load: () => arrived.then(realChunk), release };
}

describe('A screen loaded on demand', () => {
  it('shows the screen from the entry chunk at once, with no wait', () => {
    const chunks = new ScreenChunks({ sale: { component: SaleScreen }, later: { load: realChunk } });
    expect(chunks.loaded.sale).toBe(SaleScreen);
    expect(chunks.loaded.later).toBeUndefined();
  });

  it('shows nothing while a quick chunk arrives, "Loading…" only past 150 ms, then the screen', async () => {
    vi.useFakeTimers();
    const held = heldChunk();
    const chunks = new ScreenChunks({ later: held });
    render(ScreenHost, { chunks, id: 'later' });
    flushSync();
    vi.advanceTimersByTime(149);
    flushSync();
    expect(screen.queryByRole('status')).toBeNull();
    vi.advanceTimersByTime(1);
    flushSync();
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    vi.useRealTimers();
    held.release();
    await chunks.load('later');
    flushSync();
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeTruthy();
  });

  it('says the screen could not be opened and offers Reload when its chunk fails, never a blank page', async () => {
    const chunks = new ScreenChunks({ gone: { load: missingChunk } });
    render(ScreenHost, { chunks, id: 'gone' });
    await chunks.load('gone');
    flushSync();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('This screen could not be opened');
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    try {
      await fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    } finally {
      vi.unstubAllGlobals();
    }
    expect(reload).toHaveBeenCalledOnce();
  });

  it('tries a failed chunk again on the next visit, and fetches a chunk once however many ask', async () => {
    let fails = true;
    let fetches = 0;
    const chunks = new ScreenChunks({
      flaky: {
        load: () => {
          fetches += 1;
          return fails ? missingChunk() : realChunk();
        },
      },
    });
    await chunks.load('flaky');
    expect(chunks.failed.flaky).toMatch(/gone-/);
    fails = false;
    await Promise.all([chunks.load('flaky'), chunks.load('flaky'), chunks.preload(['flaky'])]);
    expect(fetches).toBe(2);
    expect(chunks.failed.flaky).toBeUndefined();
    expect(chunks.loaded.flaky).toBe((await realChunk()).default);
  });
});
