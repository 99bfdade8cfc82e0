import { randomUUID } from 'node:crypto';
import type { LogEntryDetail, LogFilter, LogPage } from '@shared/ipc/diagnostics-views';
import type { Redactor } from '../security/redactor';
import type { SpinExchange } from '../spin/spin-client';
import { curlCommand } from './curl';
import { detailOf, toStoredEntry, viewOf, type StoredEntry } from './log-entry';
import type { RequestLogFile } from './request-log-file';

export interface RequestLogOptions {
  redactor: Redactor;
  /** How many requests other than routine polls are kept (the oldest go first). */
  limit?: number;
  /** How many routine TerminalStatus polls are kept, apart from the rest (the oldest go first). */
  pollLimit?: number;
  /** Longest answer kept per entry (characters); a Daily report of a big batch is cut. */
  maxBodyChars?: number;
  /** Where the entries also go, so they survive a restart; memory only without it. */
  file?: RequestLogFile;
  newId?: () => string;
}

export const DEFAULT_LOG_LIMIT = 500;
/** Ten terminals' polls that said something new, a few rounds back: enough to see a connection come and go. */
export const DEFAULT_POLL_LIMIT = 100;
const DEFAULT_MAX_BODY = 64 * 1024;

/**
 * Every SPIn request the app made, redacted, newest last; bounded in memory. Two rings in one
 * list: routine TerminalStatus polls (entry.poll) and everything else (payments, reports, lookups,
 * the connection check), each with its own bound, so the Store screen's polls of ten terminals
 * never push out the sale a troubleshooter came for (issue 36).
 */
export class RequestLog {
  readonly #entries: StoredEntry[] = [];
  readonly #redactor: Redactor;
  readonly #limits: { poll: number; other: number };
  readonly #counts = { poll: 0, other: 0 };
  readonly #maxBody: number;
  readonly #file: RequestLogFile | undefined;
  readonly #newId: () => string;

  constructor(options: RequestLogOptions, restored: readonly StoredEntry[] = []) {
    this.#redactor = options.redactor;
    this.#limits = { poll: options.pollLimit ?? DEFAULT_POLL_LIMIT, other: options.limit ?? DEFAULT_LOG_LIMIT };
    this.#maxBody = options.maxBodyChars ?? DEFAULT_MAX_BODY;
    this.#file = options.file;
    this.#newId = options.newId ?? randomUUID;
    for (const entry of restored) this.#keep(entry);
  }

  /**
   * Exchanges whose entry is still to be made: those whose answer is longer than an entry keeps (a
   * Daily report of a big batch). Making such an entry (redacting and printing the answer's first
   * 64 KiB) cost the first big report 15-30 ms before the page had it (BENCHMARKS.md, "Daily's
   * open"), so it is made on the next turn, once the answer has gone; whatever reads or changes the
   * log first makes the waiting entries (#catchUp), in the order their requests ended.
   */
  readonly #later: { exchange: SpinExchange; poll: boolean }[] = [];

  /** `poll`: a routine TerminalStatus poll, kept in the polls' ring. */
  record(exchange: SpinExchange, { poll = false }: { poll?: boolean } = {}): void {
    if ((exchange.responseText?.length ?? 0) > this.#maxBody) {
      if (this.#later.push({ exchange, poll }) === 1) setImmediate(() => this.#catchUp());
      return;
    }
    this.#catchUp();
    this.#add(exchange, poll);
  }

  #catchUp(): void {
    for (const { exchange, poll } of this.#later.splice(0)) this.#add(exchange, poll);
  }

  #add(exchange: SpinExchange, poll: boolean): void {
    const entry = toStoredEntry(exchange, this.#redactor, this.#newId(), this.#maxBody, poll);
    this.#keep(entry);
    this.#file?.append(entry, () => this.#entries);
  }

  /** Adds the entry, then lets the oldest of its own ring go when that ring is full. */
  #keep(entry: StoredEntry): void {
    const ring = ringOf(entry);
    this.#entries.push(entry);
    this.#counts[ring]++;
    if (this.#counts[ring] <= this.#limits[ring]) return;
    this.#entries.splice(
      this.#entries.findIndex((kept) => ringOf(kept) === ring),
      1,
    );
    this.#counts[ring]--;
  }

  list(filter: NonNullable<LogFilter> = {}): LogPage {
    this.#catchUp();
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

  /**
   * The newest entries with their bodies, newest first, at most `count` (the support bundle): a
   * fifth of them the newest polls, the rest the newest other requests, so polls cannot crowd
   * out the payment support is asked about there either.
   */
  recent(count: number): LogEntryDetail[] {
    this.#catchUp();
    const room = { poll: Math.floor(count / 5), other: count - Math.floor(count / 5) };
    const picked: StoredEntry[] = [];
    for (let i = this.#entries.length - 1; i >= 0 && room.poll + room.other > 0; i--) {
      const entry = this.#entries[i] as StoredEntry;
      const ring = ringOf(entry);
      if (room[ring] === 0) continue;
      room[ring]--;
      picked.push(entry);
    }
    return picked.map(detailOf);
  }

  get size(): number {
    this.#catchUp();
    return this.#entries.length;
  }

  clear(): number {
    this.#catchUp();
    const cleared = this.#entries.length;
    this.#entries.length = 0;
    this.#counts.poll = this.#counts.other = 0;
    this.#file?.rewrite([]);
    return cleared;
  }

  flush(): Promise<void> {
    this.#catchUp();
    return this.#file?.flush() ?? Promise.resolve();
  }

  #find(id: string): StoredEntry | undefined {
    this.#catchUp();
    return this.#entries.find((entry) => entry.id === id);
  }
}

function ringOf(entry: StoredEntry): 'poll' | 'other' {
  return entry.poll ? 'poll' : 'other';
}
