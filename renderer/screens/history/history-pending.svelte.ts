import { api, ApiError } from '../../lib/api';
import { errorMessage } from '../../lib/error-message';
import type { JournalEntryView, JournalPending } from '@shared/ipc/journal-views';

/** How often the History screen asks for live progress while something is pending. */
export const PENDING_POLL_MS = 2000;

type Warning = JournalPending['warnings'][number];

/** What came of the last "Look it up now" or "Stop", for the banner's status line. */
export type LookupNews =
  | { kind: 'found'; entry: JournalEntryView }
  | { kind: 'stopped'; referenceId: string }
  | { kind: 'problem'; referenceId: string; message: string };

/**
 * Entries whose outcome is unknown, with the main process's live lookup progress, and the
 * warnings the journal tolerated while loading. The History screen starts the watch when it opens
 * and stops it when it closes; it polls only while something is pending or being asked for.
 */
class PendingLookups {
  /** The first page of pending entries, oldest first (journal:pending lists at most 100). */
  entries = $state.raw<JournalEntryView[]>([]);
  /** Every pending entry, listed or not. */
  total = $state(0);
  /** The first few warnings; `warningCount` counts them all (an import can leave 300,000). */
  warnings = $state.raw<Warning[]>([]);
  warningCount = $state(0);
  reconciling = $state(false);
  /** References with a journal:recover call on its way (it answers when the outcome is known). */
  asking = $state.raw<ReadonlySet<string>>(new Set());
  news = $state.raw<LookupNews | null>(null);
  /** The last poll failed; the banner says so instead of showing stale progress as live. */
  problem = $state<string | null>(null);
  #watching = false;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #onresolved: () => void = () => {};

  /** Starts polling; `onresolved` runs whenever an entry leaves the pending list (its outcome is known). */
  watch(onresolved: () => void): () => void {
    this.#watching = true;
    this.#onresolved = onresolved;
    this.kick();
    return () => {
      this.#watching = false;
      clearTimeout(this.#timer);
      this.#timer = undefined;
    };
  }

  /** Asks now (and keeps asking while needed): something may have become pending. */
  kick(): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.#tick(), 0);
  }

  async refresh(): Promise<void> {
    const before = new Set(this.entries.map((entry) => entry.id));
    try {
      const pending = await api.journal.pending(undefined);
      this.entries = pending.entries;
      this.total = pending.total;
      this.warnings = pending.warnings;
      this.warningCount = pending.warningCount;
      this.reconciling = pending.reconciling;
      this.problem = null;
    } catch (error) {
      this.problem = errorMessage(error);
      return;
    }
    const now = new Set(this.entries.map((entry) => entry.id));
    if ([...before].some((id) => !now.has(id))) this.#onresolved();
  }

  /** journal:recover: a Status lookup with the same ReferenceId (never a resend); waits for the outcome. */
  async recover(referenceId: string): Promise<void> {
    this.asking = new Set([...this.asking, referenceId]);
    this.news = null;
    this.kick();
    try {
      this.news = { kind: 'found', entry: await api.journal.recover({ referenceId }) };
    } catch (error) {
      const stopped = error instanceof ApiError && error.code === 'OUTCOME_UNKNOWN';
      this.news = stopped ? { kind: 'stopped', referenceId } : { kind: 'problem', referenceId, message: errorMessage(error) };
    } finally {
      this.asking = new Set([...this.asking].filter((ref) => ref !== referenceId));
      await this.refresh();
    }
  }

  async stop(referenceId: string): Promise<void> {
    try {
      await api.journal.stopRecovery({ referenceId });
    } catch (error) {
      this.news = { kind: 'problem', referenceId, message: errorMessage(error) };
    }
    await this.refresh();
  }

  async #tick(): Promise<void> {
    this.#timer = undefined;
    if (!this.#watching) return;
    await this.refresh();
    // Nothing pending and nothing asked for: stay quiet until kick() (a search, a lookup).
    const busy = this.entries.length > 0 || this.asking.size > 0 || this.reconciling;
    if (this.#watching && busy && this.#timer === undefined) this.#timer = setTimeout(() => void this.#tick(), PENDING_POLL_MS);
  }
}

export const pendingLookups = new PendingLookups();
