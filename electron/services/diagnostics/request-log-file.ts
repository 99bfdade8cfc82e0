import { appendFile, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { withAllowedFields } from './allowed-fields';
import { StoredEntry } from './log-entry';

/**
 * The request log on disk: one redacted entry per JSON line, with only the fields SPIn defines for
 * its endpoint and personal data in its texts masked by shape (allowed-fields.ts), appended as requests finish. When
 * the file holds twice the entries the log keeps (both rings: routine polls are bounded apart, so
 * they never push a payment out of the file either), it is rewritten with just those (temp file and
 * rename, so a crash leaves the old or the new file, never half of one). Losing this file loses
 * only troubleshooting history, so writes are not fsync'ed and failures are reported, not thrown.
 */
export class RequestLogFile {
  readonly #path: string;
  readonly #limit: number;
  readonly #onError: (message: string) => void;
  #lines = 0;
  #queue: Promise<void> = Promise.resolve();
  /** Set when this process may not write the data folder (read-only, or its lock was lost). */
  #stopped: boolean;

  constructor(path: string, limit: number, onError: (message: string) => void, options: { readOnly?: boolean } = {}) {
    this.#path = path;
    this.#limit = limit;
    this.#onError = onError;
    this.#stopped = options.readOnly ?? false;
  }

  /** From now on nothing is written: the data folder is no longer this process's to write. */
  stopWriting(): void {
    this.#stopped = true;
  }

  /** The kept entries from the last run; unreadable lines are skipped. */
  async load(): Promise<StoredEntry[]> {
    // A read-only data folder still has a readable log, which is then only read.
    if (!this.#stopped) {
      await mkdir(dirname(this.#path), { recursive: true }).catch(() =>
        this.#onError(`Request log folder ${dirname(this.#path)} could not be created`),
      );
    }
    let text = '';
    try {
      text = await readFile(this.#path, 'utf8');
    } catch (error) {
      if ((error as { code?: string }).code !== 'ENOENT') this.#onError(`Request log ${this.#path} could not be read; starting a new one`);
    }
    const entries: StoredEntry[] = [];
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      this.#lines++;
      try {
        const parsed = StoredEntry.safeParse(JSON.parse(line));
        if (parsed.success) entries.push(parsed.data);
      } catch {
        // A torn last line after a crash: skip it.
      }
    }
    // The log keeps what it keeps of each ring (request-log.ts); the file is never longer than twice its limit.
    return entries;
  }

  append(entry: StoredEntry, current: () => readonly StoredEntry[]): void {
    this.#lines++;
    if (this.#lines > this.#limit * 2) {
      this.rewrite(current());
      return;
    }
    const line = lineOf(entry);
    this.#enqueue(() => appendFile(this.#path, line, 'utf8'));
  }

  rewrite(entries: readonly StoredEntry[]): void {
    this.#lines = entries.length;
    const text = entries.map(lineOf).join('');
    const temp = `${this.#path}.tmp`;
    this.#enqueue(async () => {
      await writeFile(temp, text, 'utf8');
      await rename(temp, this.#path);
    });
  }

  flush(): Promise<void> {
    return this.#queue;
  }

  #enqueue(work: () => Promise<void>): void {
    if (this.#stopped) return;
    this.#queue = this.#queue.then(work).catch((error: unknown) => {
      this.#onError(`Request log ${this.#path} could not be written: ${(error as Error).message}`);
    });
  }
}

/** What a file on disk may keep of an entry: a support person may be sent it whole. */
function lineOf(entry: StoredEntry): string {
  return `${JSON.stringify(withAllowedFields(entry))}\n`;
}
