import { FIRST_SCREEN, homeScreen, type ScreenId } from '../lib/nav';

/** Which screen is open. Screens ask for a move ("set the Authkey first") through go(). */
class Navigation {
  current = $state<ScreenId>(FIRST_SCREEN);
  /** False until someone navigates: the first screen must not steal focus on launch. */
  moved = $state(false);

  /** Once the terminals are known: opens the home screen for them, unless someone has moved already. */
  home(terminals: readonly { environment: string }[]): void {
    if (!this.moved) this.current = homeScreen(terminals);
  }

  go(id: ScreenId): void {
    this.current = id;
    this.moved = true;
  }
}

export const navigation = new Navigation();
