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
  source: { file: string; line: number; position: number };
}

export interface SegmentContent {
  lines: ReadLine[];
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
 * Reads one segment; bad lines become warnings and are skipped, never fatal. `pause`, when given,
 * is awaited every 1,000 lines: a background reader lets requests in between.
 */
export async function readSegment(
  fs: JournalFs,
  dir: string,
  segment: SegmentName,
  warnings: JournalWarning[],
  pause?: () => Promise<void>,
): Promise<SegmentContent> {
  const { file } = segment;
  const buffer = await fs.readFile(join(dir, file));
  const goodLength = buffer.lastIndexOf(10) + 1;
  const text = buffer.toString('utf8', 0, goodLength);
  const lines: ReadLine[] = [];
  let start = 0;
  let number = 0;
  while (start < text.length) {
    const end = text.indexOf('\n', start);
    number += 1;
    if (pause && number % LINES_PER_SLICE === 0) await pause();
    const raw = text.slice(start, end);
    start = end + 1;
    if (raw.trim() === '') continue;
    const decoded = decodeLine(raw);
    if (decoded.ok) lines.push({ line: decoded.line, source: { file, line: number, position: positionOf(segment.number, number) } });
    else
      warnings.push({ kind: 'corrupt-line', file, line: number, message: `Line ${number} of ${file} ${decoded.error}; it was skipped.` });
  }
  return { lines, lineCount: number, tornBytes: buffer.length - goodLength, goodLength };
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
