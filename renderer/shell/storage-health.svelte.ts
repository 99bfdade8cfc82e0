import { api } from '../lib/api';
import type { StorageHealth } from '@shared/ipc/storage-views';

/** How often the banner asks main whether the payment journal can be written (a local call). */
export const STORAGE_POLL_MS = 5000;

/** Whether spin-desk can keep its payment journal: the banner above every screen shows it when not. */
class StorageHealthState {
  health = $state.raw<StorageHealth | null>(null);

  async refresh(): Promise<void> {
    try {
      this.health = await api.app.storage(undefined);
    } catch {
      // A hint like the terminal indicator: the next poll tries again.
    }
  }
}

export const storageHealth = new StorageHealthState();
