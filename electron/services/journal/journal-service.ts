import * as m from '@shared/i18n/paraglide/messages/_index.js';
import type { JournalCsv, JournalEntryView, JournalPage, JournalPending, LiveRecovery, LookupBlocked } from '@shared/ipc/journal-views';
import { AppFailure } from '../app-failure';
import { toEntryView } from './entry-view';
import type { Journal } from './journal';
import { csvChunks, toCsv } from './journal-csv';
import type { EntryFilter, PendingFilter } from './journal-query';
import type { JournalEntry } from './records';

/** The latest step of a request being sent or looked up now (recovery's ProgressEvent, as far as the screen needs it). */
export type LiveProgress = Pick<LiveRecovery, 'phase' | 'attempt' | 'detail' | 'statusCode' | 'reasonSaid'> & { untilMs?: number };

/**
 * What the journal:* channels read of recovery, which sits one layer up (app-services passes in its
 * RecoveryRegistry and Reconciler): declared here, so the journal's room never imports recovery's.
 */
export interface RecoveryProgress {
  live(id: string): LiveProgress | undefined;
  /** Stops the lookups of one ReferenceId, or all of them; answers how many it stopped. */
  stop(referenceId?: string): number;
}

export interface JournalServiceDeps {
  journal: Journal;
  registry: RecoveryProgress;
  reconciler: { readonly reconciling: boolean };
  /** Looks a pending entry up (Status only); resolves with the entry once its outcome is known. */
  resume: (entry: JournalEntry) => Promise<{ entry: JournalEntry }>;
  /** Why a lookup for this terminal profile cannot start (ProfileService.lookupBlocked). */
  lookupBlocked: (profileId: string) => Promise<LookupBlocked | undefined>;
  now?: () => Date;
}

/** A CSV to save: its file name and its text in pieces, read from the journal as they are taken. */
export interface CsvDownload {
  filename: string;
  chunks: AsyncIterable<string>;
}

/** Pending entries journal:pending lists; the rest are counted. */
export const PENDING_PAGE = 100;
/** Warnings journal:pending shows; the rest are counted. */
export const WARNINGS_SHOWN = 5;

function liveOf(event: LiveProgress | undefined): LiveRecovery | undefined {
  if (!event) return undefined;
  const { phase, attempt, detail, untilMs, statusCode, reasonSaid } = event;
  return {
    phase,
    attempt,
    detail,
    ...(untilMs === undefined ? {} : { until: new Date(untilMs).toISOString() }),
    ...(statusCode === undefined ? {} : { statusCode }),
    ...(reasonSaid === undefined ? {} : { reasonSaid }),
  };
}

/** What the journal:* channels do. */
export class JournalService {
  readonly #deps: JournalServiceDeps;

  constructor(deps: JournalServiceDeps) {
    this.#deps = deps;
  }

  async list(filter: EntryFilter & { offset: number; limit: number }): Promise<JournalPage> {
    const { offset, limit } = filter;
    const page = await this.#deps.journal.page(filter, offset, limit);
    const { total, totalExact, nextOffset } = page;
    return { entries: await this.#withBlocked(page.items.map((entry) => this.#view(entry))), total, totalExact, offset, limit, nextOffset };
  }

  /** The CSV as one text (journal:exportCsv): for small exports and tests; the app's Export streams (csvDownload). */
  async exportCsv(filter: EntryFilter): Promise<JournalCsv> {
    const { csv, rows } = await toCsv(this.#deps.journal, filter);
    return { filename: this.#csvName(), csv, rows };
  }

  /** The CSV of every entry matching `filter`, in pieces (journal-csv.ts, csvChunks): what Export writes to a file or a download. */
  csvDownload(filter: EntryFilter): CsvDownload {
    return { filename: this.#csvName(), chunks: csvChunks(this.#deps.journal, filter) };
  }

  #csvName(): string {
    const stamp = (this.#deps.now?.() ?? new Date()).toISOString().slice(0, 19).replaceAll(':', '-');
    return `spin-desk-journal-${stamp}.csv`;
  }

  /**
   * Polled every second or two while anything is pending: the count and the first page (oldest
   * first), and the warnings as a count and the first few. Every entry and every warning each poll
   * was 3.6 MB for 10,100 pending entries and 49.6 MB for 300,000 import warnings.
   */
  async pending(filter: PendingFilter = {}): Promise<JournalPending> {
    const { journal } = this.#deps;
    const page = journal.pendingPage(filter, PENDING_PAGE);
    return {
      entries: await this.#withBlocked(page.items.map((entry) => this.#view(entry))),
      total: page.total,
      warnings: journal.warnings(WARNINGS_SHOWN),
      warningCount: journal.warningCount(),
      reconciling: this.#deps.reconciler.reconciling,
    };
  }

  /** Pending entries with no lookup running get the reason none can start, if there is one. */
  async #withBlocked(entries: JournalEntryView[]): Promise<JournalEntryView[]> {
    // Asked once per terminal profile, not per entry: thousands may wait on one missing key.
    const blockedBy = new Map<string, Promise<LookupBlocked | undefined>>();
    const blockedOf = (profileId: string) => {
      let found = blockedBy.get(profileId);
      if (!found) blockedBy.set(profileId, (found = this.#deps.lookupBlocked(profileId)));
      return found;
    };
    return Promise.all(
      entries.map(async (entry) => {
        // A running lookup tells its own story; only an idle entry needs the reason nothing runs.
        if (entry.state !== 'pending' || (entry.live && entry.live.phase !== 'stopped')) return entry;
        const blocked = await blockedOf(entry.profileId);
        return blocked ? { ...entry, blocked } : entry;
      }),
    );
  }

  /** Looks up the newest pending entry with this reference and waits for its outcome. */
  async recover(referenceId: string): Promise<JournalEntryView> {
    const wanted = referenceId.toLowerCase();
    const pending = this.#deps.journal.pending().filter((entry) => entry.intent.ref.toLowerCase() === wanted);
    const entry = pending.at(-1);
    if (entry) return this.#view((await this.#deps.resume(entry)).entry);
    const known = await this.#deps.journal.newestWithReference(referenceId);
    if (known) return this.#view(known);
    throw new AppFailure('NOT_FOUND', m.sys_journal_no_reference({ reference: referenceId }), {
      fields: [{ path: 'referenceId', message: m.sys_journal_not_in_journal() }],
    });
  }

  stop(referenceId?: string): { stopped: number } {
    return { stopped: this.#deps.registry.stop(referenceId) };
  }

  #view(entry: JournalEntry): JournalEntryView {
    return toEntryView(entry, liveOf(this.#deps.registry.live(entry.intent.id)));
  }
}
