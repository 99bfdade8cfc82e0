import type { ScreenId } from '../lib/nav';
import { navigation } from './navigation.svelte';

export type ToastKind = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  /** The screen it was shown on: news about one screen does not follow the cashier to the next. */
  screen: ScreenId;
}

/** Long enough to read a sentence twice; errors never time out (someone must act on them). */
export const TOAST_MS = 6000;

/** Who is keeping the news on screen: a pointer over it, or the keyboard focus in it. */
export type ToastHolder = 'pointer' | 'focus';

class Toasts {
  items = $state<Toast[]>([]);
  #nextId = 1;
  #timers = new Map<number, ReturnType<typeof setTimeout>>();
  #holders = new Set<ToastHolder>();

  show(kind: ToastKind, message: string): number {
    const id = this.#nextId++;
    this.items.push({ id, kind, message, screen: navigation.current });
    this.#startTimer(id, kind);
    return id;
  }

  /**
   * News someone is reading (pointer over it, or focus in it on the way to its close button) stays
   * until they leave (WCAG 2.2.1, timing adjustable); then each note gets its full time again.
   */
  hold(holder: ToastHolder): void {
    this.#holders.add(holder);
    for (const timer of this.#timers.values()) clearTimeout(timer);
    this.#timers.clear();
  }

  release(holder: ToastHolder): void {
    if (!this.#holders.delete(holder) || this.#holders.size > 0) return;
    for (const toast of this.items) this.#startTimer(toast.id, toast.kind);
  }

  #startTimer(id: number, kind: ToastKind): void {
    if (kind === 'error' || this.#holders.size > 0) return;
    this.#timers.set(
      id,
      setTimeout(() => this.dismiss(id), TOAST_MS),
    );
  }

  success = (message: string) => this.show('success', message);
  info = (message: string) => this.show('info', message);
  error = (message: string) => this.show('error', message);

  dismiss(id: number): void {
    clearTimeout(this.#timers.get(id));
    this.#timers.delete(id);
    this.items = this.items.filter((toast) => toast.id !== id);
  }

  /** Drops what was said on other screens (called when a screen opens). */
  keepOnly(screen: ScreenId): void {
    for (const toast of this.items) if (toast.screen !== screen) this.dismiss(toast.id);
  }

  clear(): void {
    for (const toast of this.items) this.dismiss(toast.id);
  }
}

export const toasts = new Toasts();
