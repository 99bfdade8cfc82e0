import { FIRST_SCREEN, type ScreenId } from '../lib/nav';

/** Which screen is open. Screens ask for a move ("set the Authkey first") through go(). */
class Navigation {
  current = $state<ScreenId>(FIRST_SCREEN);
  /** False until someone navigates: the first screen must not steal focus on launch. */
  moved = $state(false);

  go(id: ScreenId): void {
    this.current = id;
    this.moved = true;
  }
}

export const navigation = new Navigation();
