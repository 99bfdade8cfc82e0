import { api, type ApiError } from '../../lib/api';
import { profiles } from '../../state/profiles.svelte';
import { terminalStatus } from '../../state/terminal-status.svelte';
import type { TipCheckReport } from '@shared/ipc/diagnostics-views';
import { asApiError } from '../../lib/error-message';

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
  /** The test sale "void it here" is working on. */
  resolving = $state<string | null>(null);
  resolveError = $state.raw<{ referenceId: string; error: ApiError } | null>(null);

  /** `confirmedCents`: the amount the user agreed to, for terminals where real cards are charged. */
  async run(profileId: string, confirmedCents?: number): Promise<void> {
    if (this.runningFor || this.resolving) return;
    this.runningFor = profileId;
    this.error = null;
    this.report = null;
    this.resolveError = null;
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

  /** "Void it here": the report's test sale looked up and voided; the report then states its new fate. */
  async resolve(profileId: string, referenceId: string): Promise<void> {
    if (this.runningFor || this.resolving) return;
    this.resolving = referenceId;
    this.resolveError = null;
    try {
      const fate = await api.diagnostics.resolveTestSale({ profileId, referenceId });
      const report = this.report;
      if (report?.testSale.referenceId === referenceId) {
        // Settled: the old Void failure no longer describes the sale.
        const { voidProblem, ...rest } = report;
        const settled = fate.fate !== 'may-be-charged';
        this.report = { ...rest, testSale: fate, voided: settled, ...(settled || voidProblem === undefined ? {} : { voidProblem }) };
      }
    } catch (error) {
      this.resolveError = { referenceId, error: asApiError(error) };
    } finally {
      this.resolving = null;
      void terminalStatus.refresh();
    }
  }
}

export const tipVerification = new TipVerification();
