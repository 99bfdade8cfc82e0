import { fireEvent, render, screen } from '@testing-library/svelte';
import { flushSync } from 'svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_MS, toasts } from '../state/toasts.svelte';
import Toasts from './Toasts.svelte';

afterEach(() => {
  toasts.clear();
  vi.useRealTimers();
});

const shown = () => screen.queryAllByRole('button', { name: /^Dismiss: / }).map((button) => button.getAttribute('aria-label'));

/** The notes on screen once `ms` more have passed on the fake clock. */
function shownAfter(ms: number): (string | null)[] {
  vi.advanceTimersByTime(ms);
  flushSync();
  return shown();
}

/** Notifications on a fake clock, with this news said. */
function renderWithNews(...messages: string[]): void {
  vi.useFakeTimers();
  render(Toasts);
  for (const message of messages) toasts.success(message);
  flushSync();
}

describe('Notifications', () => {
  it('keep news on screen while the pointer rests on them, and let it go its full time after', () => {
    renderWithNews('Saved Counter.');
    const region = screen.getByRole('region', { name: 'Notifications' });
    fireEvent.pointerEnter(region);
    expect(shownAfter(TOAST_MS * 2)).toEqual(['Dismiss: Saved Counter.']);
    fireEvent.pointerLeave(region);
    expect(shownAfter(TOAST_MS)).toEqual([]);
  });

  it('keep news while the keyboard is on a close button, moving between them included', () => {
    renderWithNews('Saved Counter.', 'Copied.');
    const [first, second] = screen.getAllByRole('button', { name: /^Dismiss: / });
    first!.focus();
    second!.focus();
    expect(shownAfter(TOAST_MS * 2)).toEqual(['Dismiss: Saved Counter.', 'Dismiss: Copied.']);
    second!.blur();
    expect(shownAfter(TOAST_MS)).toEqual([]);
  });

  it('let later news go on time after the close button that had focus took its note away', () => {
    renderWithNews('Saved Counter.');
    const close = screen.getByRole('button', { name: 'Dismiss: Saved Counter.' });
    close.focus();
    close.click();
    flushSync();
    toasts.info('Copied.');
    expect(shownAfter(TOAST_MS)).toEqual([]);
  });
});
