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

class Toasts {
  items = $state<Toast[]>([]);
  #nextId = 1;
  #timers = new Map<number, ReturnType<typeof setTimeout>>();

  show(kind: ToastKind, message: string): number {
    const id = this.#nextId++;
    this.items.push({ id, kind, message, screen: navigation.current });
    if (kind !== 'error')
      this.#timers.set(
        id,
        setTimeout(() => this.dismiss(id), TOAST_MS),
      );
    return id;
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
