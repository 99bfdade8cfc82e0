import type { ReconciliationReport } from '@shared/ipc/reconciliation-views';
import type { ApiError } from '../../lib/api';
import { api } from '../../lib/api';
import { asApiError } from '../../lib/as-api-error';

/**
 * The last end-of-day check, kept outside the screen so leaving it loses nothing. It belongs to
 * one terminal; another terminal's check is not shown.
 */
class Reconciliation {
  report = $state.raw<ReconciliationReport | null>(null);
  running = $state(false);
  error = $state.raw<{ profileId: string; error: ApiError } | null>(null);

  reportFor(profileId: string): ReconciliationReport | null {
    return this.report?.profileId === profileId ? this.report : null;
  }

  errorFor(profileId: string): ApiError | null {
    return this.error?.profileId === profileId ? this.error.error : null;
  }

  async run(profileId: string): Promise<void> {
    this.running = true;
    this.error = null;
    try {
      this.report = await api.batch.reconcile({ profileId });
    } catch (error) {
      this.error = {
        profileId,
        error: asApiError(error),
      };
    } finally {
      this.running = false;
    }
  }

  clear(): void {
    this.report = null;
    this.error = null;
  }
}

export const reconciliation = new Reconciliation();
