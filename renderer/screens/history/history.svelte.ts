import type { ApiError } from '../../lib/api';
import { api } from '../../lib/api';
import { asApiError } from '../../lib/error-message';
import { downloadAddress } from '../../lib/report-download';
import { journalCsvAddress, type JournalEntryView, type JournalFilter } from '@shared/ipc/journal-views';
import { EMPTY_HISTORY_FILTER, type HistoryFilterFields } from './history-filter';

/** Rows per "Load more"; the channel allows up to 500. */
export const HISTORY_PAGE = 50;
const MAX_LIMIT = 500;

/**
 * The History screen's search over the payment journal, kept at module level so a trip to
 * another screen and back finds the same filter and rows.
 */
class History {
  fields = $state<HistoryFilterFields>({ ...EMPTY_HISTORY_FILTER });
  /** The filter the rows on screen were found with; Export and Load more use it, not half-typed fields. */
  applied = $state.raw<JournalFilter>({});
  entries = $state.raw<JournalEntryView[]>([]);
  total = $state<number | null>(null);
  /** False when the search was too broad to count quickly: `total` is then only a floor. */
  totalExact = $state(true);
  nextOffset = $state<number | null>(null);
  /** The entry open in the detail panel. */
  detail = $state.raw<JournalEntryView | null>(null);
  loading = $state(false);
  error = $state.raw<ApiError | null>(null);
  #asked = 0;

  /** A new search from the first page. */
  async search(filter: JournalFilter): Promise<void> {
    this.applied = filter;
    await this.#load(0, HISTORY_PAGE, false);
  }

  async loadMore(): Promise<void> {
    if (this.nextOffset === null) return;
    await this.#load(this.nextOffset, HISTORY_PAGE, true);
  }

  /** Reads the rows already shown again (an outcome arrived); the open detail follows its entry. */
  async refresh(): Promise<void> {
    await this.#load(0, Math.min(MAX_LIMIT, Math.max(HISTORY_PAGE, this.entries.length)), false);
  }

  clearFilter(): Promise<void> {
    this.fields = { ...EMPTY_HISTORY_FILTER };
    return this.search({});
  }

  /**
   * The CSV of every entry matching the applied filter, as a download that main writes as it reads
   * the journal (1,000,000 entries are 237 MB: never one answer, never held by the page).
   */
  exportCsv(): void {
    downloadAddress(journalCsvAddress(this.applied));
  }

  async #load(offset: number, limit: number, append: boolean): Promise<void> {
    // A newer search wins over an older one still on its way.
    const asked = ++this.#asked;
    this.loading = true;
    try {
      const page = await api.journal.list({ ...this.applied, offset, limit });
      if (asked !== this.#asked) return;
      // New entries arriving between pages shift the offsets; an entry is never listed twice.
      const seen = new Set(append ? this.entries.map((entry) => entry.id) : []);
      this.entries = [...(append ? this.entries : []), ...page.entries.filter((entry) => !seen.has(entry.id))];
      this.total = page.total;
      this.totalExact = page.totalExact;
      this.nextOffset = page.nextOffset;
      if (this.detail) this.detail = this.entries.find((entry) => entry.id === this.detail?.id) ?? this.detail;
      this.error = null;
    } catch (error) {
      if (asked === this.#asked) this.error = asApiError(error);
    } finally {
      if (asked === this.#asked) this.loading = false;
    }
  }
}

export const history = new History();
