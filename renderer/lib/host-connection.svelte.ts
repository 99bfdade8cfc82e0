import type { AppError } from '@shared/ipc/envelope';
import { m } from './i18n/messages';

/**
 * The page's error when it loses spin-desk's main process mid-call. Said once, here, so every
 * screen says the same: the call may have been carried out (a sale approved while the host was
 * going down), and only spin-desk, when it runs again, can find out from its journal and the
 * terminal. Never "did not go through": the page cannot know that. The words are read when the
 * error is shown, so they are in the language of that moment.
 */
export const HOST_LOST: AppError = {
  code: 'HOST_LOST',
  get message() {
    return m.lib_host_lost();
  },
  get remedy() {
    return m.lib_host_lost_remedy();
  },
};

/**
 * Whether the page can still reach spin-desk's main process. Lost on the first call the transport
 * could not deliver; reached again on the next call that got any answer (the header polls every
 * few seconds, so a restarted host is noticed without the cashier doing anything).
 *
 * Calls are numbered as they go out: an answer to a call sent before the loss was heard of (the
 * header's poll, answered as the host was closing) says nothing about now, so it does not clear
 * the loss; only a call sent after it does.
 */
class HostConnection {
  lost = $state(false);
  #sent = 0;
  #lostAsOf = 0;

  /** Numbers a call as it goes out (api.ts call()). */
  sending(): number {
    this.#sent += 1;
    return this.#sent;
  }

  /** Every call's envelope passes here, with the number its call went out with. */
  heard(call: number, error: AppError | undefined): void {
    if (error?.code === 'HOST_LOST') {
      this.lost = true;
      this.#lostAsOf = Math.max(this.#lostAsOf, call);
    } else if (call > this.#lostAsOf) {
      this.lost = false;
    }
  }
}

export const hostConnection = new HostConnection();
