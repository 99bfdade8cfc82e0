import type { ScreenId } from '../lib/nav';
import { navigation } from './navigation.svelte';

/**
 * A request one screen hands another that it does not import ("print this settlement again",
 * "this terminal needs its Authkey"): open() moves to the screen and leaves the request; the screen
 * takes it once, when it opens or while open, so it is not acted on twice.
 */
export class ScreenRequest<T> {
  wanted = $state.raw<T | null>(null);
  readonly #screen: ScreenId;

  constructor(screen: ScreenId) {
    this.#screen = screen;
  }

  open(request: T): void {
    this.wanted = request;
    navigation.go(this.#screen);
  }

  /** The screen took the request (null when there was none). */
  take(): T | null {
    const wanted = this.wanted;
    this.wanted = null;
    return wanted;
  }
}
