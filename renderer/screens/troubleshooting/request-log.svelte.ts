import { api, type ApiError } from '../../lib/api';
import type { LogEntryDetail, LogFilter, LogPage } from '@shared/ipc/diagnostics-views';
import { asApiError } from '../../lib/error-message';

/** The filter as the form holds it: '' means "any". */
export interface LogFilterFields {
  endpoint: string;
  outcome: string;
  text: string;
}

export const EMPTY_FILTER: LogFilterFields = { endpoint: '', outcome: '', text: '' };

/** The channel's input: only the filters that are set. */
export function filterInput(fields: LogFilterFields): NonNullable<LogFilter> {
  const text = fields.text.trim();
  return {
    ...(fields.endpoint ? { endpoint: fields.endpoint as NonNullable<LogFilter>['endpoint'] } : {}),
    ...(fields.outcome ? { outcome: fields.outcome as NonNullable<LogFilter>['outcome'] } : {}),
    ...(text ? { text: text.slice(0, 100) } : {}),
  };
}

/** The request log as the screen shows it: the filtered page and the entry open in detail. */
class RequestLogView {
  filter = $state<LogFilterFields>({ ...EMPTY_FILTER });
  page = $state.raw<LogPage | null>(null);
  detail = $state.raw<LogEntryDetail | null>(null);
  loading = $state(false);
  error = $state.raw<ApiError | null>(null);
  #asked = 0;

  async load(): Promise<void> {
    // Typing in the search box asks again and again; only the newest answer is shown.
    const asked = ++this.#asked;
    this.loading = true;
    try {
      const page = await api.diagnostics.log(filterInput(this.filter));
      if (asked === this.#asked) {
        this.page = page;
        this.error = null;
      }
    } catch (error) {
      if (asked === this.#asked) this.error = asApiError(error);
    } finally {
      if (asked === this.#asked) this.loading = false;
    }
  }

  async open(entryId: string): Promise<void> {
    try {
      this.detail = await api.diagnostics.logEntry({ entryId });
    } catch (error) {
      this.error = asApiError(error);
    }
  }

  async clear(): Promise<void> {
    try {
      await api.diagnostics.clearLog(undefined);
      this.detail = null;
    } catch (error) {
      this.error = asApiError(error);
    }
    await this.load();
  }
}

export const requestLog = new RequestLogView();
