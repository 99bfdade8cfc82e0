import { flushSync, tick } from 'svelte';
import type { PrintLayout } from '@shared/ipc/report-views';
import { api, ApiError } from '../../lib/api';
import type { ReportKind } from './reports.svelte';

/** What can be printed from this screen: the two reports, the settlement result, the reconciliation, the store report. */
export type PrintKind = ReportKind | 'settlement' | 'check' | 'store';

export interface PrintJob {
  kind: PrintKind;
  layout: PrintLayout;
}

/**
 * Printing mounts the print layout (every row, paged; PrintReport.svelte) only for as long as a
 * print runs, so the screen never carries 10,000 printed rows. In Electron the shell prints the
 * page (webContents.print / printToPDF); in the browser host window.print() opens the browser's
 * dialog, and the layout goes away on 'afterprint'.
 */
class Printing {
  job = $state.raw<PrintJob | null>(null);
  shell = $state<'electron' | 'browser' | null>(null);

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
    this.job = job;
    await tick();
  }
}

export const printing = new Printing();
