import { api } from '../lib/api';
import { m } from '../lib/i18n/messages';
import { profiles } from './profiles.svelte';
import type { TerminalState, TerminalStateView } from '@shared/ipc/diagnostics-views';

/** A terminal's state in words, in the chosen language: the header and the Store screen say it alike. */
export const TERMINAL_STATE_NAMES: Record<TerminalState, () => string> = {
  online: m.terminal_state_online,
  offline: m.terminal_state_offline,
  busy: m.terminal_state_busy,
  unreachable: m.terminal_state_unreachable,
  refused: m.terminal_state_refused,
  unknown: m.terminal_state_unknown,
};

/** How often the header asks main for the active terminal's state. */
export const TERMINAL_STATUS_POLL_MS = 5000;

/**
 * The active terminal's state for the header. Main asks the service (TerminalStatus, answered at
 * once even while the terminal waits on a customer) and folds the answer into what it learned
 * from the app's own requests; a service without TerminalStatus gets only the latter.
 */
class TerminalStatus {
  view = $state.raw<TerminalStateView | null>(null);
  /** Asks are numbered: an answer to an older ask (sent before a request ended) never overwrites a newer one. */
  #asked = 0;

  /** The state of the active terminal, or null while it is not known which terminal that is. */
  current = $derived(this.view && this.view.profileId === profiles.activeId ? this.view : null);

  async refresh(): Promise<void> {
    const profileId = profiles.activeId;
    const ask = ++this.#asked;
    if (!profileId) {
      this.view = null;
      return;
    }
    try {
      const view = await api.terminal.status({ profileId });
      if (ask === this.#asked) this.view = view;
    } catch {
      // The header is a hint; a failed poll keeps the last answer and the next poll tries again.
    }
  }
}

export const terminalStatus = new TerminalStatus();
