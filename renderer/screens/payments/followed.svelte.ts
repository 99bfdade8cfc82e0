import type { AppError } from '@shared/ipc/envelope';
import type { ScreenId } from '../../lib/nav';

/** A request from another window of this app that this window follows: what it is and where it shows. */
export interface FollowedRequest {
  operation: string;
  referenceId: string;
  profileId: string;
  screen: ScreenId;
}

/**
 * Each window keeps its payment screens' requests in its own memory, so "Go to sale …" in a second
 * window (a second browser tab on the browser host) would open a Sale screen that knows nothing of
 * the sale. Instead that window follows the request from the journal, which main shares with every
 * window: how it stands, a cancel, and how it ended.
 */
class Followed {
  current = $state.raw<FollowedRequest | null>(null);

  follow(busyWith: NonNullable<AppError['busyWith']>, screen: ScreenId): void {
    if (!busyWith.referenceId) return;
    this.current = { operation: busyWith.operation, referenceId: busyWith.referenceId, profileId: busyWith.profileId, screen };
  }

  stop(): void {
    this.current = null;
  }
}

export const followed = new Followed();
