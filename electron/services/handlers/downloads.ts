import { JOURNAL_CSV_PATH, JournalExportInput } from '@shared/ipc/journal-views';
import { describeIssues } from '@shared/spin/validation';
import * as m from '@shared/i18n/paraglide/messages/_index.js';
import type { JournalService } from '../journal/journal-service';
import type { Redactor } from '../security/redactor';

// Files the page downloads by address (GET), beside the JSON contract: an export of any size is
// written piece by piece as the journal is read, instead of one JSON answer holding it all (237 MB
// of CSV for 1,000,000 entries built in memory, 3.1 GB of host memory, a sale during it 5.4 s).
// Both shells serve it at the same path: the browser host as a chunked HTTP response
// (host-server.ts), Electron on app:// (app-protocol.ts), where the download is written to the file
// the user chose as it arrives. The History CSV is at JOURNAL_CSV_PATH (shared/ipc/journal-views.ts).

export interface Download {
  filename: string;
  type: string;
  /** The file's text in pieces, each already redacted; a byte order mark first for a CSV. */
  chunks: AsyncIterable<string>;
}

export type DownloadAnswer = { ok: true; download: Download } | { ok: false; status: 400 | 404; message: string };

/** The download a GET path names, or why there is none (an unknown path, a filter that breaks a rule, named). */
export type Downloads = (path: string, query: URLSearchParams) => DownloadAnswer;

export function createDownloads(journal: JournalService, redactor: Redactor): Downloads {
  return (path, query) => {
    if (path !== JOURNAL_CSV_PATH) return { ok: false, status: 404, message: m.sys_download_not_found() };
    let raw: unknown = {};
    try {
      raw = JSON.parse(query.get('filter') ?? '{}');
    } catch {
      return { ok: false, status: 400, message: m.svc_download_bad_filter() };
    }
    const filter = JournalExportInput.safeParse(raw);
    if (!filter.success) return { ok: false, status: 400, message: describeIssues(filter.error) };
    const { filename, chunks } = journal.csvDownload(filter.data);
    return { ok: true, download: { filename, type: 'text/csv; charset=utf-8', chunks: redacted(chunks, redactor) } };
  };
}

/**
 * The pieces with a byte order mark first (spreadsheet programs then read the CSV as UTF-8) and
 * every known secret taken out, as dispatch() does for every answer; the journal never holds an
 * Authkey, so this only guards. A piece ends at a line's end, so no secret is cut in two.
 */
async function* redacted(chunks: AsyncIterable<string>, redactor: Redactor): AsyncGenerator<string, void, undefined> {
  yield '\uFEFF';
  for await (const chunk of chunks) yield redactor.secretsInText(chunk);
}
