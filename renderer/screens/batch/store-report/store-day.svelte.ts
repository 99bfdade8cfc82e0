import type { JournalEntryView } from '@shared/ipc/journal-views';
import type { SettleResult } from '@shared/ipc/report-views';
import type { ProfileView } from '@shared/ipc/profile-views';
import { api, type ApiError } from '../../../lib/api';
import { asApiError } from '../../../lib/as-api-error';
import { dayBounds, daysOfProfiles, storeReport, type StoreReport } from '../../../lib/report/store-report';

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
 * The store report of a day from this PC's journal: each terminal's journal read once (two profiles
 * on one TPN share it), every closed Settle of the day read back as the terminal answered it (the
 * same record History reprints), then rows per terminal + merchant (store-report.ts).
 */
export async function storeReportOfDay(profiles: readonly ProfileView[], date: Date): Promise<StoreReport> {
  const bounds = dayBounds(date);
  const journal: JournalEntryView[] = [];
  // Plain records, not reactive state: built and read once inside this call.
  const settlements: Record<string, SettleResult> = {};
  const tpns = profiles.map((profile) => profile.tpn).filter((tpn, i, all) => all.indexOf(tpn) === i);
  // One terminal after another: the journal is local and each read is short.
  for (const tpn of tpns) {
    const entries = await journalOfDay(tpn, bounds);
    journal.push(...entries);
    for (const entry of entries)
      if (entry.operation === 'Settle' && (entry.state === 'approved' || entry.state === 'partial'))
        settlements[entry.id] = await api.batch.settlement({ tpn, referenceId: entry.referenceId });
  }
  return storeReport(daysOfProfiles(profiles, journal, (entry) => settlements[entry.id]));
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
      this.report = await storeReportOfDay(terminals, date);
      this.date = date;
    } catch (error) {
      this.error = asApiError(error);
    } finally {
      this.loading = false;
    }
  }
}

export const storeDay = new StoreDay();
