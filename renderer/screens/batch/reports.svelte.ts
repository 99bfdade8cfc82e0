import type { DailyReport, PrintLayout, SummaryReport } from '@shared/ipc/report-views';
import { api, type ApiError } from '../../lib/api';
import { asApiError } from '../../lib/as-api-error';
import { dailyReceived } from '@shared/ipc/daily-columns';

export type ReportKind = 'summary' | 'daily';

/**
 * The last Summary and Daily of each kind, kept outside the screen so leaving it loses nothing.
 * `$state.raw`: a Daily of 10,000 rows is replaced whole, never edited, so it needs no deep proxy.
 */
class Reports {
  tab = $state<ReportKind>('summary');
  summary = $state.raw<SummaryReport | null>(null);
  daily = $state.raw<DailyReport | null>(null);
  loading = $state<Record<ReportKind, boolean>>({ summary: false, daily: false });
  /** The last failure of each kind, with the terminal it was for. */
  errors = $state.raw<Record<ReportKind, { profileId: string; error: ApiError } | null>>({ summary: null, daily: null });
  layout = $state<PrintLayout>('a4');

  /** The report of this kind for this terminal, or null when the one held is another terminal's. */
  of(kind: ReportKind, profileId: string | null): SummaryReport | DailyReport | null {
    const report = kind === 'summary' ? this.summary : this.daily;
    return report && report.profileId === profileId ? report : null;
  }

  errorOf(kind: ReportKind, profileId: string | null): ApiError | null {
    const failed = this.errors[kind];
    return failed && failed.profileId === profileId ? failed.error : null;
  }

  async load(kind: ReportKind, profileId: string): Promise<void> {
    this.loading[kind] = true;
    this.errors = { ...this.errors, [kind]: null };
    try {
      if (kind === 'summary') this.summary = await api.reports.summary({ profileId });
      else this.daily = dailyReceived(await api.reports.daily({ profileId }));
    } catch (error) {
      const failure = asApiError(error);
      this.errors = { ...this.errors, [kind]: { profileId, error: failure } };
    } finally {
      this.loading[kind] = false;
    }
  }

  /**
   * After a settlement both reports are out of date: they are dropped (a closed batch must never
   * stay on screen as the open one, even when the new read fails) and read again. Both are asked
   * at once; main sends them one after another, never beside a Settle (terminal/report-lane.ts).
   */
  async reloadAll(profileId: string): Promise<void> {
    const wantDaily = this.daily !== null || this.tab === 'daily';
    if (this.summary?.profileId === profileId) this.summary = null;
    if (this.daily?.profileId === profileId) this.daily = null;
    await Promise.all([this.load('summary', profileId), wantDaily ? this.load('daily', profileId) : undefined]);
  }
}

export const reports = new Reports();
