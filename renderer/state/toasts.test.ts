import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigation } from './navigation.svelte';
import { TOAST_MS, toasts } from './toasts.svelte';

afterEach(() => {
  toasts.clear();
  vi.useRealTimers();
});

describe('toasts', () => {
  it('dismisses news on its own but keeps errors until someone closes them', () => {
    vi.useFakeTimers();
    toasts.success('Saved.');
    const error = toasts.error('Could not save.');
    vi.advanceTimersByTime(TOAST_MS + 1);
    expect(toasts.items.map((toast) => toast.message)).toEqual(['Could not save.']);
    toasts.dismiss(error);
    expect(toasts.items).toEqual([]);
  });

  it('holds news while a pointer is over it or focus is in it, and gives it its full time once both have left', () => {
    vi.useFakeTimers();
    toasts.success('Saved.');
    vi.advanceTimersByTime(TOAST_MS - 1_000);
    toasts.hold('pointer');
    toasts.hold('focus');
    vi.advanceTimersByTime(TOAST_MS * 3);
    toasts.release('pointer');
    vi.advanceTimersByTime(TOAST_MS * 3);
    expect(toasts.items.map((toast) => toast.message)).toEqual(['Saved.']);
    toasts.release('focus');
    toasts.info('Copied.');
    vi.advanceTimersByTime(TOAST_MS - 1);
    expect(toasts.items.map((toast) => toast.message)).toEqual(['Saved.', 'Copied.']);
    vi.advanceTimersByTime(1);
    expect(toasts.items).toEqual([]);
  });

  it('keeps only what was said on the screen that is open, errors included', () => {
    navigation.go('sale');
    toasts.error('The sale could not be saved.');
    navigation.go('history');
    toasts.success('Exported.');
    toasts.keepOnly('history');
    expect(toasts.items.map((toast) => [toast.screen, toast.message])).toEqual([['history', 'Exported.']]);
  });
});
