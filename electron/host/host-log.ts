/** One line per request: never a body, a query string or a header value (they can hold secrets). */
export interface HostLogEntry {
  time: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  note?: string;
}

/** Keeps the last entries in memory and hands each one to an optional sink (a file, stdout). */
export class HostLog {
  readonly #entries: HostLogEntry[] = [];
  readonly #limit: number;
  readonly #sink: ((line: string, entry: HostLogEntry) => void) | undefined;

  /** `sink` gets each entry as one JSON line, and the entry itself for sinks that pick what to show. */
  constructor(options: { limit?: number; sink?: (line: string, entry: HostLogEntry) => void } = {}) {
    this.#limit = options.limit ?? 1000;
    this.#sink = options.sink;
  }

  add(entry: HostLogEntry): void {
    this.#entries.push(entry);
    if (this.#entries.length > this.#limit) this.#entries.shift();
    this.#sink?.(JSON.stringify(entry), entry);
  }

  entries(): readonly HostLogEntry[] {
    return this.#entries;
  }

  error(message: string, detail?: unknown): void {
    this.add({
      time: new Date().toISOString(),
      method: '-',
      path: '-',
      status: 0,
      durationMs: 0,
      note: `${message}${detail === undefined ? '' : ` ${safeDetail(detail)}`}`,
    });
  }
}

function safeDetail(detail: unknown): string {
  return (typeof detail === 'string' ? detail : (JSON.stringify(detail) ?? '')).slice(0, 2000);
}
