import type { JournalEntryView } from '@shared/ipc/journal-views';
import type { ProfileView } from '@shared/ipc/views';
import { api, ApiError } from '../../lib/api';
import { errorMessage } from '../../lib/error-message';
import { dayBounds, storeReport, type StoreReport, type TerminalDay } from '../../lib/store-report';

async function journalOfDay(tpn: string, bounds: { from: string; to: string }): Promise<JournalEntryView[]> {
  const entries: JournalEntryView[] = [];
  let offset: number | null = 0;
  while (offset !== null) {
    const page = await api.journal.list({ tpn, ...bounds, offset, limit: 500 });
    entries.push(...page.entries);
    offset = page.nextOffset;
  }
  return entries;
}

/**
 * One terminal's day from this PC's journal: its last settlement of the day (read back as the
 * terminal answered it, the same record History reprints) and the entries up to that settlement;
 * what came after it belongs to the next batch.
 */
export async function terminalDay(profile: ProfileView, date: Date): Promise<TerminalDay> {
  const entries = await journalOfDay(profile.tpn, dayBounds(date));
  // Newest first (journal:list): the first closed Settle is the day's last.
  const closing = entries.find((entry) => entry.operation === 'Settle' && (entry.state === 'approved' || entry.state === 'partial'));
  const settlement = closing ? await api.batch.settlement({ tpn: profile.tpn, referenceId: closing.referenceId }) : null;
  return {
    name: profile.name,
    tpn: profile.tpn,
    merchantNumber: profile.merchantNumber ?? null,
    settlement,
    entries: entries.filter((entry) => entry.operation !== 'Settle' && (!closing || entry.createdAt <= closing.createdAt)),
  };
}

/**
 * The store report on show: read again on demand (never polled), for today or an earlier day
 * (a reprint rebuilds it from the same journal records). Kept outside the screen.
 */
class StoreDay {
  report = $state.raw<StoreReport | null>(null);
  date = $state.raw<Date>(new Date());
  loading = $state(false);
  error = $state.raw<ApiError | null>(null);

  async load(terminals: readonly ProfileView[], date: Date = new Date()): Promise<void> {
    this.loading = true;
    this.error = null;
    try {
      // One terminal after another: the journal is local and each read is short.
      const days: TerminalDay[] = [];
      for (const profile of terminals) days.push(await terminalDay(profile, date));
      this.report = storeReport(days);
      this.date = date;
    } catch (error) {
      this.error = error instanceof ApiError ? error : new ApiError({ code: 'INTERNAL', message: errorMessage(error) });
    } finally {
      this.loading = false;
    }
  }
}

export const storeDay = new StoreDay();
