import type { FileHandle } from 'node:fs/promises';
import * as fsp from 'node:fs/promises';
import { join } from 'node:path';
import { linesOf, readCheckpoint, writeCheckpoint } from './checkpoint';
import { IndexedJournal } from './journal';
import { encodeLine } from './line-codec';
import type { JournalLine, JournalWarning } from './records';
import { listSegments, readSegment, segmentName, syncDir, utcDay, type JournalFs, type SegmentName } from './segments';

export interface FileJournalOptions {
  /** Lines per segment before a new one starts (a new UTC day starts one too). */
  maxSegmentLines?: number;
  /** false only for generating test data in bulk: lines are then not fsynced. */
  durable?: boolean;
  fs?: JournalFs;
  now?: () => number;
}

const DEFAULT_SEGMENT_LINES = 10_000;

/**
 * The journal on disk. Each line is appended and fdatasync'ed before record*() resolves (one
 * fsync per line; O_APPEND, so a line is never interleaved). On open it reads the checkpoint and
 * the segments after it (the pending entries are then complete) and loads older segments in the
 * background for history searches.
 */
export class FileJournal extends IndexedJournal {
  readonly #dir: string;
  readonly #fs: JournalFs;
  readonly #maxLines: number;
  readonly #durable: boolean;
  readonly #now: () => number;
  readonly #startupWarnings: JournalWarning[];
  #active: SegmentName;
  #handle: FileHandle;
  #lines: number;
  #queue: Promise<unknown> = Promise.resolve();
  #history: Promise<void> = Promise.resolve();
  #closed = false;

  private constructor(dir: string, options: FileJournalOptions, active: SegmentName, handle: FileHandle, lines: number, warnings: JournalWarning[]) {
    super();
    this.#dir = dir;
    this.#fs = options.fs ?? fsp;
    this.#maxLines = options.maxSegmentLines ?? DEFAULT_SEGMENT_LINES;
    this.#durable = options.durable ?? true;
    this.#now = options.now ?? Date.now;
    this.#active = active;
    this.#handle = handle;
    this.#lines = lines;
    this.#startupWarnings = warnings;
  }

  /** Opens (creating when needed) the journal in `dir`. Tolerates a torn last line: it is cut off and reported. */
  static async open(dir: string, options: FileJournalOptions = {}): Promise<FileJournal> {
    const fs = options.fs ?? fsp;
    const now = options.now ?? Date.now;
    await fs.mkdir(dir, { recursive: true });
    const warnings: JournalWarning[] = [];
    const checkpoint = await readCheckpoint(fs, dir, warnings);
    const segments = await listSegments(fs, dir);
    const recent = segments.filter((s) => s.number > checkpoint.sealedThrough);
    const reads = [];
    for (const segment of recent) reads.push({ segment, content: await readSegment(fs, dir, segment.file, warnings) });

    const last = reads.at(-1);
    let active: SegmentName;
    let lines = 0;
    if (last) {
      active = last.segment;
      lines = last.content.lineCount;
      if (last.content.tornBytes > 0) await cutTornTail(fs, dir, last.segment.file, last.content.goodLength, last.content.tornBytes, warnings);
    } else {
      const highest = segments.at(-1)?.number ?? 0;
      active = segmentName(Math.max(highest, checkpoint.sealedThrough) + 1, utcDay(now()));
    }
    // A torn tail in an older segment is damage from outside; reported, the file left as it is.
    for (const { segment, content } of reads.slice(0, -1)) {
      if (content.tornBytes > 0) warnings.push({ kind: 'corrupt-line', file: segment.file, message: `${segment.file} ends with ${content.tornBytes} bytes of an incomplete line; they were skipped.` });
    }

    const handle = await fs.open(join(dir, active.file), 'a');
    if (!last) await syncDir(fs, dir);
    const journal = new FileJournal(dir, options, active, handle, lines, warnings);
    for (const line of checkpoint.pending) journal.index.apply(line, { file: 'checkpoint.json', line: 0 });
    for (const { content } of reads) for (const { line, source } of content.lines) journal.index.apply(line, source);
    journal.#history = journal.#loadHistory(segments.filter((s) => s.number <= checkpoint.sealedThrough));
    return journal;
  }

  override warnings(): JournalWarning[] {
    return [...this.#startupWarnings, ...super.warnings()];
  }

  protected persist(line: JournalLine): Promise<void> {
    if (this.#closed) return Promise.reject(new Error('The payment journal is closed'));
    // One writer at a time: lines are appended in the order record*() was called.
    const done = this.#queue.then(() => this.#append(encodeLine(line)));
    this.#queue = done.catch(() => undefined);
    return done;
  }

  protected historyLoaded(): Promise<void> {
    return this.#history;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#queue;
    await this.#history.catch(() => undefined);
    await this.#handle.close();
  }

  async #append(text: string): Promise<void> {
    if (this.#lines >= this.#maxLines || utcDay(this.#now()) !== this.#active.day) await this.#rotate();
    await this.#handle.write(text);
    // fdatasync also flushes the file size, which is what an append changes.
    if (this.#durable) await this.#handle.datasync();
    this.#lines += 1;
  }

  /** Seals the active segment: checkpoint first (so start-up can skip it), then a new file. */
  async #rotate(): Promise<void> {
    const pending = this.index.pending().flatMap(linesOf);
    await writeCheckpoint(this.#fs, this.#dir, { sealedThrough: this.#active.number, pending });
    await this.#handle.close();
    this.#active = segmentName(this.#active.number + 1, utcDay(this.#now()));
    this.#handle = await this.#fs.open(join(this.#dir, this.#active.file), 'a');
    await syncDir(this.#fs, this.#dir);
    this.#lines = 0;
  }

  /** Sealed segments, oldest first, one at a time so the app stays responsive meanwhile. */
  async #loadHistory(sealed: SegmentName[]): Promise<void> {
    const warnings: JournalWarning[] = [];
    for (const segment of sealed) {
      const content = await readSegment(this.#fs, this.#dir, segment.file, warnings);
      if (content.tornBytes > 0) warnings.push({ kind: 'corrupt-line', file: segment.file, message: `${segment.file} ends with ${content.tornBytes} bytes of an incomplete line; they were skipped.` });
      for (const { line, source } of content.lines) this.index.apply(line, source, true);
    }
    this.index.reportOrphans();
    this.index.warnings.push(...warnings);
  }
}

/** A line cut off by a crash or power loss: its fsync never completed, so nothing relied on it. */
async function cutTornTail(fs: JournalFs, dir: string, file: string, goodLength: number, tornBytes: number, warnings: JournalWarning[]): Promise<void> {
  const handle = await fs.open(join(dir, file), 'r+');
  try {
    await handle.truncate(goodLength);
    await handle.sync();
  } finally {
    await handle.close();
  }
  warnings.push({
    kind: 'torn-tail',
    file,
    message: `The last line of ${file} was incomplete (${tornBytes} bytes, cut off while it was being written) and was removed. An intent cut off there was never sent; an outcome cut off there is looked up again.`,
  });
}
