import type { FileHandle } from 'node:fs/promises';
import * as fsp from 'node:fs/promises';
import { join } from 'node:path';
import {
  checkpointMismatch,
  checkpointWarning,
  linesOf,
  missingCheckpointWarning,
  readCheckpoint,
  writeCheckpoint,
  type Checkpoint,
} from './checkpoint';
import { readHistory, readHistoryInWorker, type HistoryLoad } from './history-load';
import { IndexedJournal } from './journal';
import { JournalIndex } from './journal-index';
import { journalWriteError, JournalWriteError } from './journal-errors';
import { encodeLine } from './line-codec';
import type { JournalEntry, JournalLine, JournalWarning } from './records';
import { scanReferenceUses } from './reference-scan';
import {
  listSegments,
  positionOf,
  readLinesAt,
  readSegment,
  segmentName,
  syncDir,
  tornWarning,
  utcDay,
  type JournalFs,
  type LineSpot,
  type SegmentContent,
  type SegmentName,
} from './segments';

export interface FileJournalOptions {
  /** Lines per segment before a new one starts (a new UTC day starts one too). */
  maxSegmentLines?: number;
  /** false only for generating test data in bulk: lines are then not fsynced. */
  durable?: boolean;
  /** Open for reading only (history stays readable, every write is refused with this error). */
  readOnly?: JournalWriteError;
  fs?: JournalFs;
  now?: () => number;
}

const DEFAULT_SEGMENT_LINES = 10_000;
const TEST_FILE = '.write-test';
/** A test write of a few intent lines' worth: a disk that takes it takes the next payment. */
const TEST_BYTES = 4096;

interface Active {
  segment: SegmentName;
  /** Open for appending; absent in read-only mode. */
  handle: FileHandle | undefined;
  lines: number;
  /** Bytes of complete, fsynced lines: the length the file is cut back to after a failed append. */
  size: number;
}

/**
 * The journal on disk. Each line is appended in full (short writes are continued) and
 * fdatasync'ed before record*() resolves; O_APPEND and one writer per folder (see data-folder/data-folder-lock.ts)
 * keep lines from interleaving. A failed append cuts the segment back to its last complete line
 * before anything else is appended, so a torn line is never glued to the next one. On open it
 * reads the checkpoint and the segments after it (the pending entries are then complete) and
 * loads older segments in the background for history searches.
 */
export class FileJournal extends IndexedJournal {
  readonly #dir: string;
  readonly #fs: JournalFs;
  readonly #maxLines: number;
  readonly #durable: boolean;
  readonly #now: () => number;
  readonly #startupWarnings: JournalWarning[];
  #active: Active;
  /** The active segment may end in a partial line that must be cut off before the next append. */
  #tailDirty = false;
  #queue: Promise<unknown> = Promise.resolve();
  #history: Promise<void> = Promise.resolve();
  /** The sealed segments the history index is loading; empty once it has them all. */
  #unloaded: SegmentName[] = [];
  /** Reference checks reading those segments; the loader steps aside for them (a payment is waiting). */
  #scans: Promise<unknown> = Promise.resolve();
  #closed = false;
  /** Segment number to file name, for reading settled entries back. */
  readonly #files = new Map<number, string>();
  /**
   * Whether history loads in a worker thread: on the real file system only. A journal opened on
   * another `fs` (tests that watch, hold or break the disk) reads history in this thread, through it.
   */
  readonly #historyInWorker: boolean;
  #stopWorker: (() => void) | undefined;

  private constructor(dir: string, options: FileJournalOptions, active: Active, warnings: JournalWarning[], index: JournalIndex) {
    super(index);
    this.#dir = dir;
    this.#fs = options.fs ?? fsp;
    this.#historyInWorker = options.fs === undefined;
    this.#maxLines = options.maxSegmentLines ?? DEFAULT_SEGMENT_LINES;
    this.#durable = options.durable ?? true;
    this.#now = options.now ?? Date.now;
    this.#active = active;
    this.#startupWarnings = warnings;
    this.readOnly = options.readOnly;
  }

  /**
   * Opens (creating when needed) the journal in `dir`. Tolerates a torn last line (cut off and
   * reported) and a checkpoint that does not match the segments (ignored, everything read). A
   * folder that cannot be written opens read-only rather than failing.
   */
  static async open(dir: string, options: FileJournalOptions = {}): Promise<FileJournal> {
    const fs = options.fs ?? fsp;
    const now = options.now ?? Date.now;
    let readOnly = options.readOnly;
    await fs.mkdir(dir, { recursive: true }).catch((error: unknown) => {
      // A folder that cannot be written (read-only, no permission, full before the first segment
      // exists) opens read-only for this session: history stays readable.
      readOnly ??= journalWriteError(error);
    });
    const warnings: JournalWarning[] = [];
    const segments = await listSegments(fs, dir);
    const checkpoint = await trustedCheckpoint(fs, dir, segments, warnings);
    const recent = segments.filter((s) => s.number > checkpoint.sealedThrough);
    // Each line goes into the index as it is decoded: a segment's lines never pile up in memory.
    const index = new JournalIndex();
    for (const line of checkpoint.pending) index.apply(line, { file: 'checkpoint.json', line: 0, position: 0, copy: true });
    const reads: { segment: SegmentName; content: SegmentContent }[] = [];
    for (const segment of recent) {
      const content = await readSegment(fs, dir, segment, warnings, ({ line, source }) => index.apply(line, source));
      reads.push({ segment, content });
    }

    // Only rotation writes a checkpoint, and only a written checkpoint lets a second segment fill.
    // (An empty last segment without one is a rotation that stopped half-way: nothing is missing.)
    const missing = checkpoint.sealedThrough === 0 && warnings.length === 0 && reads.filter((r) => r.content.lineCount > 0).length > 1;
    if (missing) warnings.push(missingCheckpointWarning());
    const last = reads.at(-1);
    const active: Active = last
      ? { segment: last.segment, handle: undefined, lines: last.content.lineCount, size: last.content.goodLength }
      : {
          segment: segmentName(Math.max(segments.at(-1)?.number ?? 0, checkpoint.sealedThrough) + 1, utcDay(now())),
          handle: undefined,
          lines: 0,
          size: 0,
        };
    // A torn tail in an older segment is damage from outside; reported, the file left as it is.
    for (const { segment, content } of reads.slice(0, -1)) {
      if (content.tornBytes > 0) warnings.push(tornWarning(segment.file, content.tornBytes));
    }
    if (!readOnly) {
      try {
        if (last && last.content.tornBytes > 0)
          await cutTornTail(fs, dir, last.segment.file, last.content.goodLength, last.content.tornBytes, warnings);
        active.handle = await fs.open(join(dir, active.segment.file), 'a');
        if (!last) await syncDir(fs, dir);
      } catch (error) {
        readOnly = journalWriteError(error);
        await active.handle?.close();
        active.handle = undefined;
      }
    }
    if (readOnly && last && last.content.tornBytes > 0) warnings.push(tornWarning(last.segment.file, last.content.tornBytes));
    const journal = new FileJournal(dir, { ...options, ...(readOnly ? { readOnly } : {}) }, active, warnings, index);
    for (const segment of [...segments, active.segment]) journal.#files.set(segment.number, segment.file);
    journal.#unloaded = segments.filter((s) => s.number <= checkpoint.sealedThrough);
    journal.#history = journal.#loadHistory(journal.#unloaded);
    const unsealed = reads.at(-2);
    const fileSize = unsealed ? unsealed.content.goodLength + unsealed.content.tornBytes : 0;
    if (unsealed && !readOnly) await journal.#seal(unsealed.segment, fileSize).catch(() => undefined);
    return journal;
  }

  override warnings(): JournalWarning[] {
    return [...this.#startupWarnings, ...super.warnings()];
  }

  /** Another process took the data folder over: from now on nothing is written here. */
  lockLost(): void {
    this.readOnly ??= new JournalWriteError('LOCK_LOST');
  }

  protected persist(line: JournalLine): Promise<number> {
    return this.#serial(() => this.#append(encodeLine(line)));
  }

  protected testWrite(): Promise<void> {
    return this.#serial(async () => {
      if (this.#tailDirty) await this.#cutBack();
      const path = join(this.#dir, TEST_FILE);
      const handle = await this.#fs.open(path, 'w');
      try {
        await writeFully(handle, Buffer.alloc(TEST_BYTES, 0x20));
        await handle.datasync();
      } finally {
        await handle.close();
        await this.#fs.unlink(path).catch(() => undefined);
      }
    });
  }

  protected historyLoaded(): Promise<void> {
    return this.#history;
  }

  protected async usesInHistory(tpn: string, ref: string): Promise<JournalEntry[]> {
    if (this.#unloaded.length === 0) return [];
    const scan = scanReferenceUses(this.#fs, this.#dir, this.#unloaded, tpn, ref);
    this.#scans = Promise.all([this.#scans, scan.catch(() => undefined)]);
    const uses = await scan;
    if (uses) return uses;
    // Not searchable as text: the full index answers, once loaded.
    await this.#history;
    return [];
  }

  protected readLines(spots: readonly LineSpot[]): Promise<JournalLine[]> {
    return readLinesAt(this.#fs, this.#dir, (segment) => this.#files.get(segment), spots);
  }

  override async close(): Promise<void> {
    if (this.#closed) return;
    await super.close();
    this.#closed = true;
    this.#stopWorker?.();
    await this.#queue;
    await this.#history.catch(() => undefined);
    await this.#active.handle?.close();
  }

  /** One writer at a time: lines are appended in the order record*() was called. */
  #serial<T>(work: () => Promise<T>): Promise<T> {
    if (this.#closed) return Promise.reject(new JournalWriteError('CLOSED'));
    const done = this.#queue.then(work);
    this.#queue = done.catch(() => undefined);
    return done;
  }

  async #append(text: string): Promise<number> {
    const handle = this.#active.handle;
    if (!handle) throw this.readOnly ?? new JournalWriteError('READ_ONLY');
    if (this.#tailDirty) await this.#cutBack();
    if (this.#active.lines >= this.#maxLines || utcDay(this.#now()) !== this.#active.segment.day) await this.#rotate();
    const bytes = Buffer.from(text, 'utf8');
    try {
      await writeFully(this.#active.handle as FileHandle, bytes);
      // fdatasync also flushes the file size, which is what an append changes.
      if (this.#durable) await (this.#active.handle as FileHandle).datasync();
    } catch (error) {
      // Part of the line (or all of it, unsynced) may be in the file: cut it off now, and before
      // the next append again should this fail too.
      this.#tailDirty = true;
      await this.#cutBack().catch(() => undefined);
      throw journalWriteError(error);
    }
    this.#active.size += bytes.length;
    this.#active.lines += 1;
    return positionOf(this.#active.segment.number, this.#active.lines);
  }

  /** Cuts the active segment back to its last complete line and makes that durable. */
  async #cutBack(): Promise<void> {
    const handle = this.#active.handle as FileHandle;
    try {
      await handle.truncate(this.#active.size);
      await handle.sync();
    } catch (error) {
      throw journalWriteError(error);
    }
    this.#tailDirty = false;
  }

  /**
   * Finishes a rotation a crash interrupted (the next segment was created, the checkpoint not
   * written): seals every segment before the active one, so the checkpoint again covers all but
   * the active segment. Best effort: if it fails, the next start reads those segments again.
   */
  async #seal(segment: SegmentName, size: number): Promise<void> {
    const before = positionOf(segment.number + 1, 0);
    const pending = this.index
      .pending()
      .filter((entry) => entry.position < before)
      .flatMap(linesOf);
    await writeCheckpoint(this.#fs, this.#dir, { sealedThrough: segment.number, sealedBytes: size, pending });
  }

  /**
   * Seals the active segment and starts the next. The new file exists before the checkpoint
   * names the old one sealed, and the old one is appended to only until the checkpoint is
   * written: so a failure at any step leaves a journal whose checkpoint matches its segments.
   */
  async #rotate(): Promise<void> {
    const next = segmentName(this.#active.segment.number + 1, utcDay(this.#now()));
    let handle: FileHandle | undefined;
    try {
      handle = await this.#fs.open(join(this.#dir, next.file), 'a');
      await syncDir(this.#fs, this.#dir);
      await this.#seal(this.#active.segment, this.#active.size);
    } catch (error) {
      // Appending goes on in the old segment; the empty new one would only confuse the next start.
      await handle?.close().catch(() => undefined);
      if (handle) await this.#fs.unlink(join(this.#dir, next.file)).catch(() => undefined);
      throw journalWriteError(error);
    }
    await (this.#active.handle as FileHandle).close();
    this.#active = { segment: next, handle, lines: 0, size: 0 };
    this.#files.set(next.number, next.file);
  }

  /**
   * Builds the index of the sealed segments apart (in a worker thread when it can) and merges it
   * in: entries recorded meanwhile keep their rows, history's follow.
   */
  async #loadHistory(sealed: SegmentName[]): Promise<void> {
    let load: HistoryLoad | undefined;
    if (this.#historyInWorker && sealed.length > 0) {
      const worker = readHistoryInWorker({ dir: this.#dir, sealed, known: this.index.ids() });
      this.#stopWorker = worker.stop;
      load = await worker.done;
      this.#stopWorker = undefined;
      if (this.#closed) return;
    }
    // In slices, so the app's requests (and a payment's reference check) never queue behind a whole segment.
    const pause = async () => {
      await new Promise((resolve) => setImmediate(resolve));
      await this.#scans;
    };
    load ??= await readHistory(this.#fs, this.#dir, sealed, (id) => this.index.has(id), pause);
    this.index.mergeHistory(load.image);
    for (const { line, source } of load.known) this.index.apply(line, source, true);
    this.index.reportOrphans();
    this.index.warnings.push(...load.warnings);
    this.#unloaded = [];
  }
}

/** Writes every byte: a write may take only part of the buffer (a nearly full disk, a signal). */
async function writeFully(handle: FileHandle, bytes: Buffer): Promise<void> {
  let written = 0;
  while (written < bytes.length) {
    const { bytesWritten } = await handle.write(bytes, written, bytes.length - written);
    // A write that takes nothing and reports no error would loop forever; the disk is full.
    if (bytesWritten <= 0) throw new JournalWriteError('DISK_FULL', undefined, `a write stopped after ${written} of ${bytes.length} bytes`);
    written += bytesWritten;
  }
}

/** The checkpoint, unless it does not match the segments: then one covering nothing, with a warning. */
async function trustedCheckpoint(
  fs: JournalFs,
  dir: string,
  segments: readonly SegmentName[],
  warnings: JournalWarning[],
): Promise<Checkpoint> {
  const checkpoint = await readCheckpoint(fs, dir, warnings);
  const none: Checkpoint = { sealedThrough: 0, pending: [] };
  if (checkpoint.sealedThrough === 0) return checkpoint;
  const mismatch = await checkpointMismatch(fs, dir, checkpoint, segments);
  if (!mismatch) return checkpoint;
  warnings.push(checkpointWarning(mismatch));
  return none;
}

/** A line cut off by a crash or power loss: its fsync never completed, so nothing relied on it. */
async function cutTornTail(
  fs: JournalFs,
  dir: string,
  file: string,
  goodLength: number,
  tornBytes: number,
  warnings: JournalWarning[],
): Promise<void> {
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
