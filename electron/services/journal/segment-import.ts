import type Database from 'better-sqlite3';
import { closeSync, constants, openSync, readdirSync, readSync, statSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { englishOf, said, type Said } from '@shared/ipc/said';
import { decodeLine } from './line-codec';
import type { JournalWarning, WarningKind } from './records';
import { applyLine, statements, type JournalStatements, type LineProblem } from './sqlite-journal';

// Journals written before the SQLite journal: a folder of append-only JSON-lines segment files,
// seg-<number>-<yyyymmdd>.jsonl, each line one event (see line-codec.ts), plus a checkpoint.json
// that only repeated lines the segments already hold. They are imported once, in one transaction,
// on the first start of a version with the SQLite journal; the folder is left exactly as it was.

const SEGMENT = /^seg-(\d{6,})-\d{8}\.jsonl$/;
/** Set in `meta` once a folder was imported: its value says from where and how much. */
export const IMPORTED_KEY = 'segments-imported';

export interface SegmentImport {
  segments: number;
  lines: number;
  entries: number;
}

/** How much of a segment is read at a time: a segment of any size is read through this much memory. */
const CHUNK_BYTES = 1024 * 1024;
/**
 * No journal line comes near this (an intent or outcome is well under 4 KiB): a longer "line" is
 * damage (a run of zero bytes a failed disk left, a file that is not a journal), skipped without
 * holding it.
 */
const MAX_LINE_BYTES = 1024 * 1024;

export interface ImportOptions {
  /** Tests read with a small buffer and a small line limit, so a long line needs no large file. */
  chunkBytes?: number;
  maxLineBytes?: number;
}

/** One line of a segment: its text (undefined when it was longer than the limit), 1-based number, and whether a newline ended it. */
interface SegmentLine {
  text: string | undefined;
  number: number;
  bytes: number;
  ended: boolean;
}

/**
 * The lines of a segment, read a chunk at a time: the whole file as one string failed above 512 MiB
 * (V8's longest string) and lost every line of it. Split on the newline byte, which never occurs
 * inside a multi-byte UTF-8 character. The last piece comes with `ended: false` when no newline
 * ended it (a torn tail), and not at all when the file ends with a newline.
 */
function* segmentLines(path: string, options: Required<ImportOptions>): Generator<SegmentLine> {
  // O_NONBLOCK: should the file have become a FIFO since it was looked at, opening it does not wait for a writer.
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const buffer = Buffer.allocUnsafe(options.chunkBytes);
    let parts: Buffer[] = [];
    let bytes = 0;
    let number = 1;
    const line = (ended: boolean): SegmentLine => {
      const text = bytes > options.maxLineBytes ? undefined : Buffer.concat(parts).toString('utf8');
      const done = { text, number, bytes, ended };
      parts = [];
      bytes = 0;
      number += 1;
      return done;
    };
    const keep = (piece: Buffer) => {
      bytes += piece.length;
      // Past the limit only the count goes on: the line is damage, and holding it could take gigabytes.
      if (bytes <= options.maxLineBytes) parts.push(Buffer.from(piece));
      else parts = [];
    };
    for (;;) {
      const read = readSync(fd, buffer, 0, buffer.length, null);
      if (read === 0) break;
      let from = 0;
      for (let end = buffer.indexOf(10, from); end >= 0 && end < read; end = buffer.indexOf(10, from)) {
        keep(buffer.subarray(from, end));
        yield line(true);
        from = end + 1;
      }
      keep(buffer.subarray(from, read));
    }
    if (bytes > 0) yield line(false);
  } finally {
    closeSync(fd);
  }
}

/**
 * A warning of the import: its English (what the warnings table keeps, as it always did) made from
 * its Said, which is kept beside it so History words it in the page's language (said.ts).
 */
function warningOf(kind: WarningKind, file: string, line: number | undefined, words: Said): JournalWarning {
  return { kind, file, ...(line === undefined ? {} : { line }), message: englishOf(words), said: words };
}

/** What a file named like a segment is, when it is not a regular file. */
function kindOf(stats: Stats): Said {
  if (stats.isFIFO()) return said('said_seg_kind_fifo');
  if (stats.isDirectory()) return said('said_seg_kind_folder');
  if (stats.isSocket()) return said('said_seg_kind_socket');
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return said('said_seg_kind_device');
  return said('said_seg_kind_other');
}

/** The segment files of a folder in journal order; none when the folder is missing or not a folder. */
function segmentFiles(dir: string, warnings: JournalWarning[]): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT')
      warnings.push(warningOf('corrupt-line', dir, undefined, said('said_seg_folder_unreadable', { folder: dir, code: String(code) })));
    return [];
  }
  return names
    .map((file) => ({ file, number: Number(SEGMENT.exec(file)?.[1] ?? NaN) }))
    .filter((segment) => !Number.isNaN(segment.number))
    .sort((a, b) => a.number - b.number)
    .map((segment) => segment.file)
    .filter((file) => isRegularFile(dir, file, warnings));
}

/**
 * Only regular files are read: reading a FIFO named like a segment waited for a writer forever and
 * hung the start with nothing said. Anything else is skipped with a warning (a file that cannot even
 * be looked at is left to the read, which says why).
 */
function isRegularFile(dir: string, file: string, warnings: JournalWarning[]): boolean {
  let stats: Stats;
  try {
    stats = statSync(join(dir, file));
  } catch {
    return true;
  }
  if (stats.isFile()) return true;
  warnings.push(warningOf('corrupt-line', file, undefined, said('said_seg_not_regular', { file, kind: kindOf(stats) })));
  return false;
}

/**
 * Imports the segment journal in `dir` into `db` unless it was imported already. Every line the old
 * reader accepted is applied in order; what it only tolerated (a torn last line, a line that is not
 * a journal line, an outcome without its intent) is imported as a warning, shown like before.
 * Returns what was imported, or undefined when there was nothing to do.
 */
export function importSegments(db: Database.Database, dir: string, options: ImportOptions = {}): SegmentImport | undefined {
  if (db.prepare('SELECT 1 FROM meta WHERE key = ?').get(IMPORTED_KEY)) return undefined;
  const reading = { chunkBytes: options.chunkBytes ?? CHUNK_BYTES, maxLineBytes: options.maxLineBytes ?? MAX_LINE_BYTES };
  const warnings: JournalWarning[] = [];
  const files = segmentFiles(dir, warnings);
  if (files.length === 0 && warnings.length === 0) return undefined;
  const sql = statements(db);
  const counts: SegmentImport = { segments: files.length, lines: 0, entries: 0 };
  db.transaction(() => {
    for (const file of files) {
      const lines = segmentLines(join(dir, file), reading);
      for (;;) {
        // Only the file's own failure is a warning; the database's goes on up and rolls the import back.
        let next: IteratorResult<SegmentLine>;
        try {
          next = lines.next();
        } catch (error) {
          // The lines read before the failure stay imported; the warning says the rest were not.
          const reason = (error as NodeJS.ErrnoException).code ?? String(error);
          warnings.push(warningOf('corrupt-line', file, undefined, said('said_seg_read_failed', { file, error: reason })));
          break;
        }
        if (next.done) break;
        importLine(sql, file, next.value, counts, warnings, reading.maxLineBytes);
      }
    }
    for (const warning of warnings) addWarning(sql, warning);
    db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run(
      IMPORTED_KEY,
      JSON.stringify({ from: dir, at: new Date().toISOString(), ...counts }),
    );
  })();
  return counts;
}

/**
 * Stores a warning, and its Said in `meta` under the warning's rowid (WARNING_SAID_KEY): a column of
 * its own would need a newer schema version, which an older build refuses to open; it ignores a meta
 * key it does not know. Inside the import's transaction, so the two are kept or lost together.
 */
function addWarning(sql: JournalStatements, warning: JournalWarning): void {
  const { lastInsertRowid } = sql.addWarning.run(warning.kind, warning.file, warning.line ?? null, warning.message);
  if (warning.said) sql.addWarningSaid.run(lastInsertRowid, JSON.stringify(warning.said));
}

/** Applies one line of a segment, or says why it was not. */
function importLine(
  sql: JournalStatements,
  file: string,
  line: SegmentLine,
  counts: SegmentImport,
  warnings: JournalWarning[],
  maxLineBytes: number,
): void {
  const at = line.number;
  if (!line.ended) {
    warnings.push(warningOf('torn-tail', file, undefined, said('said_seg_torn_tail', { file, bytes: line.bytes })));
    return;
  }
  if (line.text === undefined) {
    warnings.push(warningOf('corrupt-line', file, at, said('said_seg_line_too_long', { line: at, file, limit: maxLineBytes })));
    return;
  }
  const decoded = decodeLine(line.text);
  if (!decoded.ok) {
    // The problem is line-codec's own English (the field and the rule), a detail like an error's text.
    warnings.push(warningOf('corrupt-line', file, at, said('said_seg_line_bad', { line: at, file, problem: decoded.error })));
    return;
  }
  const problem = applyLine(sql, decoded.line);
  if (problem) warnings.push(problemWarning(problem, file, at, decoded.line.id));
  // A second outcome is kept as a line (applyLine decided what the entry shows); the other problems are skipped.
  if (problem && problem.kind !== 'second-outcome' && problem.kind !== 'outcome-kept') return;
  counts.lines += 1;
  if (decoded.line.t === 'intent') counts.entries += 1;
}

function problemWarning(problem: LineProblem, file: string, line: number, id: string): JournalWarning {
  // before and later are the outcomes' result codes, as the journal's lines write them.
  switch (problem.kind) {
    case 'orphan':
      return warningOf('orphan-outcome', file, line, said('said_seg_orphan', { line, file, id }));
    case 'second-intent':
      return warningOf('corrupt-line', file, line, said('said_seg_second_intent', { id }));
    case 'second-outcome':
      return warningOf('duplicate-outcome', file, line, said('said_seg_second_outcome', { id, before: problem.before }));
    case 'outcome-kept': {
      const kept = problem.before === 'partial' ? 'said_seg_partial_kept' : 'said_seg_approval_kept';
      return warningOf('duplicate-outcome', file, line, said(kept, { id, before: problem.before, later: problem.later }));
    }
  }
}
