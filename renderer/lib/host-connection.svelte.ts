import type { AppError } from '@shared/ipc/envelope';

/**
 * The page's error when it loses spin-desk's main process mid-call. Said once, here, so every
 * screen says the same: the call may have been carried out (a sale approved while the host was
 * going down), and only spin-desk, when it runs again, can find out from its journal and the
 * terminal. Never "did not go through": the page cannot know that.
 */
export const HOST_LOST: AppError = {
  code: 'HOST_LOST',
  message: 'spin-desk stopped while this was out, so its outcome is unknown: it may have been carried out.',
  remedy: 'spin-desk will find out what happened when it runs again. Start it, then check History before sending anything again.',
};

/**
 * Whether the page can still reach spin-desk's main process. Lost on the first call the transport
 * could not deliver; reached again on the next call that got any answer (the header polls every
 * few seconds, so a restarted host is noticed without the cashier doing anything).
 */
class HostConnection {
  lost = $state(false);

  /** Every call's envelope passes here (api.ts call()). */
  heard(error: AppError | undefined): void {
    this.lost = error?.code === 'HOST_LOST';
  }
}

export const hostConnection = new HostConnection();
