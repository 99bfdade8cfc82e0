import type { Said } from '@shared/ipc/said';
import type { EntryFilter, Page, PendingFilter } from './journal-query';
import type { JournalWriteError } from './journal-errors';
import type { TailLoss } from './high-water';
import type { JournalEntry, JournalWarning, NewIntent, NewOutcome } from './records';

/** Whether the journal can take new lines. Payments are refused unless it is 'ok'. */
export interface JournalHealth {
  /**
   * ok: lines are written. failing: the last write failed; money-moving requests are refused until
   * a test write succeeds (retried on a timer and before each payment). read-only: this session
   * cannot write at all (the folder is read-only, or another copy took it over).
   */
  state: 'ok' | 'failing' | 'read-only';
  error?: JournalWriteError;
  /** Outcomes known and shown but not on disk yet. */
  unsaved: number;
}

/**
 * The payment journal: every money-moving request is written here before it is sent, and its
 * outcome once known. `recordIntent` resolves only when the line is durable and rejects with a
 * JournalWriteError otherwise: then the request must not be sent. An outcome the disk refuses is
 * kept in memory (`unsaved`), shown truthfully, and written as soon as the disk allows.
 */
export interface Journal {
  recordIntent(intent: NewIntent): Promise<JournalEntry>;
  recordAttempt(id: string, attempt: number, deadlineMs: number, why: string): Promise<void>;
  /** A note only: when the disk refuses it, it is kept in memory and the lookup goes on. `reasonSaid`: the reason's Said (said.ts), kept in its line. */
  recordUnknown(id: string, reason: string, reasonSaid?: Said): Promise<void>;
  /** The Said of the entry's latest unknown reason, read back from its line (a restart keeps it); none for lines written before it. */
  unknownSaid(id: string): Said | undefined;
  /** Never rejects for a disk fault: the entry comes back with `unsaved` set instead. */
  recordOutcome(id: string, outcome: NewOutcome): Promise<JournalEntry>;
  /** The entry as it stands now (a fresh copy each call), or undefined for an unknown id. */
  get(id: string): JournalEntry | undefined;
  /** Entries without an outcome, oldest first. */
  pending(): JournalEntry[];
  /**
   * The first `limit` entries without an outcome that match `filter`, oldest first, and how many
   * match: what is shown of thousands pending without reading them all (journal:pending).
   */
  pendingPage(filter: PendingFilter, limit: number): { items: JournalEntry[]; total: number };
  /** Every use of a ReferenceId on a terminal (any letter case), oldest first. */
  usesOf(tpn: string, ref: string): Promise<JournalEntry[]>;
  /** One page of the entries matching `filter`, newest first, with their number. */
  page(filter: EntryFilter, offset: number, limit: number): Promise<Page<JournalEntry>>;
  /**
   * Every entry matching `filter`, newest or oldest first, read a slice at a time so no caller
   * holds the whole history at once. Entries recorded while it runs are not included.
   */
  entries(order: 'newest' | 'oldest', filter?: EntryFilter): AsyncGenerator<JournalEntry, void, undefined>;
  /** A terminal's newest entry (one indexed query). */
  newestOn(tpn: string): Promise<JournalEntry | undefined>;
  /** A terminal's newest Settle that closed a batch (approved or partial), read off an index of its own. */
  lastSettleOn(tpn: string): Promise<JournalEntry | undefined>;
  /** The newest entry that used this ReferenceId on any terminal, any letter case. */
  newestWithReference(ref: string): Promise<JournalEntry | undefined>;
  /** What was tolerated on opening or importing: torn last lines, corrupt lines, orphan outcomes. */
  warnings(first?: number): JournalWarning[];
  /** How many warnings there are (an import of a damaged folder can leave hundreds of thousands). */
  warningCount(): number;
  health(): JournalHealth;
  /** Entries of this terminal whose outcome is only in memory. */
  unsavedOn(tpn: string): JournalEntry[];
  /**
   * Resolves when the journal can take lines again: writes the unsaved outcomes and makes a test
   * write. Rejects with the JournalWriteError while the disk refuses.
   */
  ensureWritable(): Promise<void>;
  /** Entries the database lost from its tail (a WAL deleted or damaged), found at open; undefined when none. */
  tailLoss(): TailLoss | undefined;
  saveTailLoss(loss: TailLoss): void;
  close(): Promise<void>;
}
