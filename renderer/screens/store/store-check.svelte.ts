import type { StoreCheck } from '@shared/ipc/store-views';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/error-message';

/** Check before settling, for every terminal: the last run's answer, kept while the manager moves around. */
class StoreCheckRun {
  result = $state.raw<StoreCheck | null>(null);
  running = $state(false);
  error = $state<string | null>(null);

  async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.error = null;
    try {
      this.result = await api.store.check(undefined);
    } catch (error) {
      this.error = errorMessage(error);
    } finally {
      this.running = false;
    }
  }

  clear(): void {
    if (!this.running) this.result = null;
  }
}

export const storeCheck = new StoreCheckRun();
