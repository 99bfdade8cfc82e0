import type { FileHandle } from 'node:fs/promises';
import type * as fsp from 'node:fs/promises';
import { join } from 'node:path';
import { decodeLine } from './line-codec';
import type { JournalLine, JournalWarning } from './records';

// The journal is a folder of append-only segment files, seg-<number>-<yyyymmdd>.jsonl. A new
// segment starts each UTC day and after a fixed number of lines, so a segment never grows without
// bound and start-up only reads the segments the last checkpoint does not cover.

/** The file operations the journal uses; tests wrap `open` to watch write/datasync order. */
export type JournalFs = Pick<typeof fsp, 'open' | 'readFile' | 'readdir' | 'rename' | 'mkdir' | 'writeFile' | 'unlink' | 'stat'>;

export interface SegmentName {
  number: number;
  day: string;
  file: string;
}

const NAME = /^seg-(\d{6,})-(\d{8})\.jsonl$/;

export function segmentName(number: number, day: string): SegmentName {
  return { number, day, file: `seg-${String(number).padStart(6, '0')}-${day}.jsonl` };
}

/** A line's place in the whole journal: segments are numbered in order and hold far fewer than 10^9 lines. */
export function positionOf(segment: number, line: number): number {
  return segment * 1_000_000_000 + line;
}

/** yyyymmdd of a time, in UTC (segment names only; the app shows local times). */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10).replaceAll('-', '');
}

export async function listSegments(fs: JournalFs, dir: string): Promise<SegmentName[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (error) {
    // A folder that could not even be created holds no journal yet.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const segments: SegmentName[] = [];
  for (const file of names) {
    const match = NAME.exec(file);
    if (match) segments.push({ number: Number(match[1]), day: match[2] as string, file });
  }
  return segments.sort((a, b) => a.number - b.number);
}

export interface ReadLine {
  line: JournalLine;
  source: { file: string; line: number; position: number; offset: number; length: number };
}

export interface SegmentContent {
  /** Complete lines (newline-terminated), good or not. */
  lineCount: number;
  /** Bytes after the last newline: a line cut off while it was being written. */
  tornBytes: number;
  /** Length of the file up to and including its last newline. */
  goodLength: number;
}

/** Lines decoded between two calls of a reader's `pause`. */
const LINES_PER_SLICE = 1_000;
/**
 * Bytes read from a segment at a time. A segment (~3 MB) read whole left a dead buffer of its size
 * per segment until the next full GC, and the allocator keeps such freed blocks: one small buffer,
 * reused, keeps the process's memory flat however many segments load.
 */
const READ_CHUNK = 256 * 1024;

/**
 * Reads one segment, handing each good line to `onLine` as it is decoded (a line the caller does
 * not keep then dies young, instead of a whole segment's lines growing the heap); bad lines become
 * warnings and are skipped, never fatal. `pause`, when given, is awaited every 1,000 lines: a
 * background reader lets requests in between.
 */
export async function readSegment(
  fs: JournalFs,
  dir: string,
  segment: SegmentName,
  warnings: JournalWarning[],
  onLine: (read: ReadLine) => void,
  pause?: () => Promise<void>,
): Promise<SegmentContent> {
  const { file } = segment;
  let number = 0;
  const take = (raw: string, offset: number, length: number): Promise<void> | undefined => {
    number += 1;
    if (raw.trim() !== '') {
      const decoded = decodeLine(raw);
      if (decoded.ok)
        onLine({ line: decoded.line, source: { file, line: number, position: positionOf(segment.number, number), offset, length } });
      else
        warnings.push({ kind: 'corrupt-line', file, line: number, message: `Line ${number} of ${file} ${decoded.error}; it was skipped.` });
    }
    return pause && number % LINES_PER_SLICE === 0 ? pause() : undefined;
  };
  const { goodLength, tornBytes } = await forEachLine(fs, join(dir, file), take);
  return { lineCount: number, tornBytes, goodLength };
}

/**
 * Calls `take` with each newline-terminated line of a file (its text, byte offset and length,
 * newline excluded), reading it a chunk at a time, and waits only when `take` returns a promise
 * (a reader's pause), not once per line; the bytes after the last newline are a torn line, only
 * counted. Split on the bytes, not the decoded text, so each line's byte range is known: the
 * history index reads settled entries back by it. (0x0A never occurs inside a longer
 * UTF-8 character, so a chunk boundary inside a character is never mistaken for a line end.)
 */
async function forEachLine(
  fs: JournalFs,
  path: string,
  take: (raw: string, offset: number, length: number) => Promise<void> | undefined,
): Promise<{ goodLength: number; tornBytes: number }> {
  let buffer = Buffer.allocUnsafe(READ_CHUNK);
  /** Bytes of the file before buffer[0]. */
  let base = 0;
  /** Bytes held in the buffer: the start of an unfinished line, then what the last read added. */
  let held = 0;
  const handle = await fs.open(path, 'r');
  try {
    for (;;) {
      // A line longer than the buffer: the buffer doubles so the whole line fits.
      if (held === buffer.length) buffer = Buffer.concat([buffer, Buffer.allocUnsafe(buffer.length)]);
      const { bytesRead } = await handle.read(buffer, held, buffer.length - held, base + held);
      if (bytesRead === 0) break;
      held += bytesRead;
      const filled = buffer.subarray(0, held);
      let start = 0;
      for (let end = filled.indexOf(10); end >= 0; end = filled.indexOf(10, start)) {
        const waiting = take(filled.toString('utf8', start, end), base + start, end - start);
        if (waiting) await waiting;
        start = end + 1;
      }
      // The unfinished line moves to the front; the next read continues it.
      buffer.copy(buffer, 0, start, held);
      base += start;
      held -= start;
    }
  } finally {
    await handle.close();
  }
  return { goodLength: base, tornBytes: held };
}

/** The warning for a segment ending in part of a line (only the active segment's is cut off). */
export function tornWarning(file: string, tornBytes: number): JournalWarning {
  return { kind: 'corrupt-line', file, message: `${file} ends with ${tornBytes} bytes of an incomplete line; they were skipped.` };
}

/** Flushes a directory entry (a new or renamed file) to disk. Windows cannot open folders: skipped there. */
export async function syncDir(fs: JournalFs, dir: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await fs.open(dir, 'r');
    await handle.sync();
  } catch (error) {
    if (process.platform !== 'win32') throw error;
  } finally {
    await handle?.close();
  }
}

/** The segment a journal position lies in (the inverse of positionOf's first part). */
export function segmentOf(position: number): number {
  return Math.floor(position / 1_000_000_000);
}

/** Where one line sits: its segment (by position), byte offset and length. */
export interface LineSpot {
  position: number;
  offset: number;
  length: number;
}

/**
 * Reads lines back by their byte range, in the order asked: one read per segment, of the span from
 * the first wanted line to the end of the last (a page's entries sit side by side; a stream's
 * span is most of the segment). A line that no longer decodes means the file changed under the
 * running app: that is an error, not a skip.
 */
export async function readLinesAt(
  fs: JournalFs,
  dir: string,
  fileOf: (segment: number) => string | undefined,
  spots: readonly LineSpot[],
): Promise<JournalLine[]> {
  const bySegment = new Map<number, number[]>();
  for (const [at, spot] of spots.entries()) {
    const segment = segmentOf(spot.position);
    const list = bySegment.get(segment);
    if (list) list.push(at);
    else bySegment.set(segment, [at]);
  }
  const lines: JournalLine[] = new Array<JournalLine>(spots.length);
  for (const [segment, ats] of bySegment) {
    const file = fileOf(segment);
    if (file === undefined) throw new Error(`The journal has no segment ${segment} to read entries back from`);
    const wanted = ats.map((at) => spots[at] as LineSpot);
    const from = Math.min(...wanted.map((spot) => spot.offset));
    const to = Math.max(...wanted.map((spot) => spot.offset + spot.length));
    const span = Buffer.alloc(to - from);
    const handle = await fs.open(join(dir, file), 'r');
    try {
      let read = 0;
      while (read < span.length) {
        const { bytesRead } = await handle.read(span, read, span.length - read, from + read);
        if (bytesRead === 0) break;
        read += bytesRead;
      }
    } finally {
      await handle.close();
    }
    for (const [i, at] of ats.entries()) {
      const { offset, length } = wanted[i] as LineSpot;
      const decoded = decodeLine(span.toString('utf8', offset - from, offset - from + length));
      if (!decoded.ok) throw new Error(`${file} changed on disk since it was read: the line at byte ${offset} ${decoded.error}`);
      lines[at] = decoded.line;
    }
  }
  return lines;
}
