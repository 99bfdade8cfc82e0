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

describe('Notifications', () => {
  it('keep news on screen while the pointer rests on them, and let it go its full time after', () => {
    vi.useFakeTimers();
    render(Toasts);
    toasts.success('Saved Counter.');
    flushSync();
    const region = screen.getByRole('region', { name: 'Notifications' });
    fireEvent.pointerEnter(region);
    vi.advanceTimersByTime(TOAST_MS * 2);
    flushSync();
    expect(shown()).toEqual(['Dismiss: Saved Counter.']);
    fireEvent.pointerLeave(region);
    vi.advanceTimersByTime(TOAST_MS);
    flushSync();
    expect(shown()).toEqual([]);
  });

  it('keep news while the keyboard is on a close button, moving between them included', () => {
    vi.useFakeTimers();
    render(Toasts);
    toasts.success('Saved Counter.');
    toasts.info('Copied.');
    flushSync();
    const [first, second] = screen.getAllByRole('button', { name: /^Dismiss: / });
    first!.focus();
    second!.focus();
    vi.advanceTimersByTime(TOAST_MS * 2);
    flushSync();
    expect(shown()).toEqual(['Dismiss: Saved Counter.', 'Dismiss: Copied.']);
    second!.blur();
    vi.advanceTimersByTime(TOAST_MS);
    flushSync();
    expect(shown()).toEqual([]);
  });

  it('let later news go on time after the close button that had focus took its note away', () => {
    vi.useFakeTimers();
    render(Toasts);
    toasts.success('Saved Counter.');
    flushSync();
    const close = screen.getByRole('button', { name: 'Dismiss: Saved Counter.' });
    close.focus();
    close.click();
    flushSync();
    toasts.info('Copied.');
    vi.advanceTimersByTime(TOAST_MS);
    flushSync();
    expect(shown()).toEqual([]);
  });
});
