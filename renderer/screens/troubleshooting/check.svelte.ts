import type { ApiError } from '../../lib/api';
import { api } from '../../lib/api';
import { asApiError } from '../../lib/error-message';
import { terminalStatus } from '../../state/terminal-status.svelte';
import type { CheckReport } from '@shared/ipc/diagnostics-views';

/** How often the running check's steps are read while it runs (they take a second or two each). */
export const CHECK_POLL_MS = 250;

/**
 * The connection check on the Troubleshooting screen. It lives outside the screen so that a
 * check still running when the user looks elsewhere is there on return.
 */
class ConnectionCheck {
  report = $state.raw<CheckReport | null>(null);
  running = $state(false);
  error = $state.raw<ApiError | null>(null);

  async run(profileId: string): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.error = null;
    this.report = null;
    // The check answers once, at the end; meanwhile its steps so far are read for a live list.
    // Only a running report is taken: a finished one would be the previous check.
    const poll = setInterval(() => {
      api.diagnostics.lastCheck({ profileId }).then(
        (report) => {
          if (this.running && report?.running) this.report = report;
        },
        () => undefined,
      );
    }, CHECK_POLL_MS);
    try {
      this.report = await api.diagnostics.check({ profileId });
    } catch (error) {
      this.error = asApiError(error);
    } finally {
      clearInterval(poll);
      this.running = false;
      void terminalStatus.refresh();
    }
  }

  /** The last check of this terminal, e.g. after switching terminals or coming back. */
  async load(profileId: string): Promise<void> {
    if (this.running) return;
    try {
      this.report = await api.diagnostics.lastCheck({ profileId });
    } catch {
      this.report = null;
    }
  }
}

export const connectionCheck = new ConnectionCheck();
