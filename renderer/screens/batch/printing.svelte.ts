import { flushSync, tick } from 'svelte';
import type PrintReport from './PrintReport.svelte';
import type { DailyReport, PrintLayout, SettleResult, SummaryReport } from '@shared/ipc/report-views';
import type { ReconciliationReport } from '@shared/ipc/reconciliation-views';
import { api, ApiError } from '../../lib/api';
import type { StoreReport } from '../../lib/report/store-report';
import type { ReportKind } from './reports.svelte';

/** What can be printed: the two reports, a settlement result, the reconciliation, the store report. */
export type PrintKind = ReportKind | 'settlement' | 'check' | 'store';

/**
 * One document to print, with everything its sheets show: the data and the terminal it belongs
 * to (the sheet's heading). The place that prints says which terminal, so a settlement reprinted
 * from History, or one of Settle all's results, is headed by the terminal that was settled,
 * whichever terminal is active (issue 36).
 */
export type PrintDocument =
  | { kind: 'summary'; report: SummaryReport; terminalName: string; merchantNumber: number | null }
  | { kind: 'daily'; report: DailyReport; terminalName: string; merchantNumber: number | null }
  | { kind: 'settlement'; result: SettleResult; terminalName: string }
  | { kind: 'check'; report: ReconciliationReport; terminalName: string }
  | { kind: 'store'; report: StoreReport; day: Date };

export interface PrintJob {
  document: PrintDocument;
  layout: PrintLayout;
}

/**
 * Printing mounts the print layout (every row, paged; PrintReport.svelte) only for as long as a
 * print runs, so the screen never carries 10,000 printed rows. The layout is mounted once, at the
 * app's root (PrintLayer.svelte in App.svelte), so every screen that prints (Batch & reports, the
 * Store screen's Settle all, History's reprint) prints the document, never the screen: the Store
 * screen used to print the app itself, having no layout of its own. In Electron the shell prints
 * the page (webContents.print / printToPDF); in the browser host window.print() opens the
 * browser's dialog, and the layout goes away on 'afterprint'.
 */
class Printing {
  job = $state.raw<PrintJob | null>(null);
  shell = $state<'electron' | 'browser' | null>(null);
  /** The print layout, fetched with the screen that prints (or the first print), not with the app. */
  layout = $state.raw<typeof PrintReport | null>(null);
  #layoutLoad: Promise<void> | null = null;

  /** Fetches the print layout's chunk once; a failed fetch is tried again on the next call. */
  loadLayout(): Promise<void> {
    this.#layoutLoad ??= import('./PrintReport.svelte').then(
      (module) => {
        this.layout = module.default;
      },
      (error: unknown) => {
        this.#layoutLoad = null;
        throw error;
      },
    );
    return this.#layoutLoad;
  }

  async detectShell(): Promise<void> {
    if (this.shell) return;
    try {
      this.shell = (await api.app.info(undefined)).shell;
    } catch {
      this.shell = 'browser';
    }
  }

  async print(job: PrintJob): Promise<void> {
    await this.#mount(job);
    if (this.shell === 'electron') {
      try {
        await api.reports.print({ layout: job.layout });
        this.job = null;
        return;
      } catch (error) {
        if (!(error instanceof ApiError && error.code === 'UNSUPPORTED')) {
          this.job = null;
          throw error;
        }
      }
    }
    window.print();
  }

  /** Electron only: the shell asks where to save and writes the PDF. */
  async savePdf(job: PrintJob, fileName: string): Promise<{ saved: boolean; path?: string | undefined }> {
    await this.#mount(job);
    try {
      return await api.reports.savePdf({ layout: job.layout, fileName });
    } finally {
      this.job = null;
    }
  }

  /** Ctrl+P without the Print button: lay the report out before the browser paginates. */
  beforePrint(job: PrintJob): void {
    if (this.job) return;
    this.job = job;
    flushSync();
  }

  afterPrint(): void {
    this.job = null;
  }

  async #mount(job: PrintJob): Promise<void> {
    await this.loadLayout();
    this.job = job;
    await tick();
  }
}

export const printing = new Printing();
