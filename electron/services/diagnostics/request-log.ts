import { randomUUID } from 'node:crypto';
import type { LogEntryDetail, LogFilter, LogPage } from '@shared/ipc/diagnostics-views';
import type { Redactor } from '../security/redactor';
import type { SpinExchange } from '../spin/spin-client';
import { curlCommand } from './curl';
import { detailOf, toStoredEntry, viewOf, type StoredEntry } from './log-entry';
import type { RequestLogFile } from './request-log-file';

export interface RequestLogOptions {
  redactor: Redactor;
  /** How many entries are kept (the oldest go first). */
  limit?: number;
  /** Longest answer kept per entry (characters); a Daily report of a big batch is cut. */
  maxBodyChars?: number;
  /** Where the entries also go, so they survive a restart; memory only without it. */
  file?: RequestLogFile;
  newId?: () => string;
}

export const DEFAULT_LOG_LIMIT = 500;
const DEFAULT_MAX_BODY = 64 * 1024;

/** Every SPIn request the app made, redacted, newest last; bounded in memory. */
export class RequestLog {
  readonly #entries: StoredEntry[] = [];
  readonly #redactor: Redactor;
  readonly #limit: number;
  readonly #maxBody: number;
  readonly #file: RequestLogFile | undefined;
  readonly #newId: () => string;

  constructor(options: RequestLogOptions, restored: readonly StoredEntry[] = []) {
    this.#redactor = options.redactor;
    this.#limit = options.limit ?? DEFAULT_LOG_LIMIT;
    this.#maxBody = options.maxBodyChars ?? DEFAULT_MAX_BODY;
    this.#file = options.file;
    this.#newId = options.newId ?? randomUUID;
    this.#entries.push(...restored.slice(-this.#limit));
  }

  record(exchange: SpinExchange): StoredEntry {
    const entry = toStoredEntry(exchange, this.#redactor, this.#newId(), this.#maxBody);
    this.#entries.push(entry);
    if (this.#entries.length > this.#limit) this.#entries.splice(0, this.#entries.length - this.#limit);
    this.#file?.append(entry, () => this.#entries);
    return entry;
  }

  list(filter: NonNullable<LogFilter> = {}): LogPage {
    const text = filter.text?.trim().toLowerCase();
    const matched = this.#entries.filter(
      (entry) =>
        (!filter.endpoint || entry.endpoint === filter.endpoint) &&
        (!filter.outcome || entry.outcome === filter.outcome) &&
        (!filter.profileId || entry.profileId === filter.profileId) &&
        (!text || JSON.stringify(entry).toLowerCase().includes(text)),
    );
    return { entries: matched.reverse().map(viewOf), kept: this.#entries.length, matched: matched.length };
  }

  detail(id: string): LogEntryDetail | undefined {
    const entry = this.#find(id);
    return entry && detailOf(entry);
  }

  curl(id: string): string | undefined {
    const entry = this.#find(id);
    return entry && curlCommand(entry.url, entry.request, this.#redactor, entry.endpoint);
  }

  /** The newest `count` entries with their bodies, newest first (the support bundle). */
  recent(count: number): LogEntryDetail[] {
    return this.#entries.slice(-count).reverse().map(detailOf);
  }

  get size(): number {
    return this.#entries.length;
  }

  clear(): number {
    const cleared = this.#entries.length;
    this.#entries.length = 0;
    this.#file?.rewrite([]);
    return cleared;
  }

  flush(): Promise<void> {
    return this.#file?.flush() ?? Promise.resolve();
  }

  #find(id: string): StoredEntry | undefined {
    return this.#entries.find((entry) => entry.id === id);
  }
}
