import { api, type ApiError } from '../../lib/api';
import { profiles } from '../../state/profiles.svelte';
import { terminalStatus } from '../../state/terminal-status.svelte';
import type { TipCheckReport } from '@shared/ipc/diagnostics-views';
import { asApiError } from './check.svelte';

/**
 * "Verify this terminal" on the Troubleshooting screen. Module-level like the connection check: the
 * test sale waits on a card at the terminal, and its report must still be there when the user
 * comes back from another screen.
 */
class TipVerification {
  report = $state.raw<TipCheckReport | null>(null);
  /** The terminal being verified now (one at a time: each charges a card). */
  runningFor = $state<string | null>(null);
  error = $state.raw<{ profileId: string; error: ApiError } | null>(null);

  /** `confirmedCents`: the amount the user agreed to, for terminals where real cards are charged. */
  async run(profileId: string, confirmedCents?: number): Promise<void> {
    if (this.runningFor) return;
    this.runningFor = profileId;
    this.error = null;
    this.report = null;
    try {
      this.report = await api.diagnostics.verifyTips({ profileId, ...(confirmedCents === undefined ? {} : { confirmedCents }) });
    } catch (error) {
      this.error = { profileId, error: asApiError(error) };
    } finally {
      this.runningFor = null;
      void terminalStatus.refresh();
    }
    // The profile now remembers the finding: the Terminals screen and this panel show it. The report
    // stands even if the list cannot be read right now; the next load brings it.
    if (this.report) await profiles.load().catch(() => undefined);
  }
}

export const tipVerification = new TipVerification();
