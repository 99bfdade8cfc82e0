import type { TerminalStateView } from '@shared/ipc/diagnostics-views';
import type { StoreOverview, StoreRow } from '@shared/ipc/store-views';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/error-message';

/**
 * The Store screen's rows: read from main's journal and the figures it last read (store:overview,
 * which asks no terminal), each terminal's TerminalStatus as the poller brings it, and a row's
 * open batch read again only when asked or after this PC moved money on that terminal.
 */
class StoreRows {
  overview = $state.raw<StoreOverview | null>(null);
  error = $state<string | null>(null);
  statuses = $state.raw<Record<string, TerminalStateView>>({});
  /** Rows whose open batch is being read now, and why the last read of each failed. */
  refreshing = $state<Record<string, boolean>>({});
  refreshErrors = $state<Record<string, string>>({});

  async load(): Promise<void> {
    try {
      this.overview = await api.store.overview(undefined);
      this.error = null;
    } catch (error) {
      this.error = errorMessage(error);
      return;
    }
    // Money moved since the figures were read: read them again, once (main notes the try either
    // way), but not while this PC still waits on the terminal: the report would only be refused busy.
    for (const row of this.overview.rows) if (row.batchStale && row.hasAuthkey && !row.waiting) void this.refresh(row.profileId);
  }

  /** Reads one terminal's open batch now (its Summary, queued in that terminal's report lane). */
  async refresh(profileId: string): Promise<void> {
    if (this.refreshing[profileId]) return;
    this.refreshing[profileId] = true;
    try {
      this.#replace(await api.store.refresh({ profileId }));
      delete this.refreshErrors[profileId];
    } catch (error) {
      this.refreshErrors[profileId] = errorMessage(error);
    } finally {
      this.refreshing[profileId] = false;
    }
  }

  noteStatus(view: TerminalStateView): void {
    if (view.profileId) this.statuses = { ...this.statuses, [view.profileId]: view };
  }

  #replace(row: StoreRow): void {
    if (!this.overview) return;
    this.overview = { ...this.overview, rows: this.overview.rows.map((old) => (old.profileId === row.profileId ? row : old)) };
  }
}

export const storeRows = new StoreRows();
