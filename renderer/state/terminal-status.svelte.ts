import { api } from '../lib/api';
import { profiles } from './profiles.svelte';
import type { TerminalStateView } from '@shared/ipc/diagnostics-views';

/** How often the header asks main for the active terminal's last known state. */
export const TERMINAL_STATUS_POLL_MS = 5000;

/**
 * The active terminal's last known state for the header. Main learns it from the answers the app
 * gets anyway, so asking is cheap: one small local call, never a request to the terminal.
 */
class TerminalStatus {
  view = $state.raw<TerminalStateView | null>(null);

  /** The state of the active terminal, or null while it is not known which terminal that is. */
  current = $derived(this.view && this.view.profileId === profiles.activeId ? this.view : null);

  async refresh(): Promise<void> {
    const profileId = profiles.activeId;
    if (!profileId) {
      this.view = null;
      return;
    }
    try {
      this.view = await api.diagnostics.terminalState({ profileId });
    } catch {
      // The header is a hint; a failed poll keeps the last answer and the next poll tries again.
    }
  }
}

export const terminalStatus = new TerminalStatus();
