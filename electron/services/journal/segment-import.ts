import type Database from 'better-sqlite3';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeLine } from './line-codec';
import type { JournalWarning } from './records';
import { applyLine, statements, type LineProblem } from './sqlite-journal';

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

/** The segment files of a folder in journal order; none when the folder is missing or not a folder. */
function segmentFiles(dir: string, warnings: JournalWarning[]): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT')
      warnings.push({
        kind: 'corrupt-line',
        file: dir,
        message: `The old journal folder ${dir} could not be read (${code}); nothing was imported from it.`,
      });
    return [];
  }
  return names
    .map((file) => ({ file, number: Number(SEGMENT.exec(file)?.[1] ?? NaN) }))
    .filter((segment) => !Number.isNaN(segment.number))
    .sort((a, b) => a.number - b.number)
    .map((segment) => segment.file);
}

/**
 * Imports the segment journal in `dir` into `db` unless it was imported already. Every line the old
 * reader accepted is applied in order; what it only tolerated (a torn last line, a line that is not
 * a journal line, an outcome without its intent) is imported as a warning, shown like before.
 * Returns what was imported, or undefined when there was nothing to do.
 */
export function importSegments(db: Database.Database, dir: string): SegmentImport | undefined {
  if (db.prepare('SELECT 1 FROM meta WHERE key = ?').get(IMPORTED_KEY)) return undefined;
  const warnings: JournalWarning[] = [];
  const files = segmentFiles(dir, warnings);
  if (files.length === 0 && warnings.length === 0) return undefined;
  const sql = statements(db);
  const counts: SegmentImport = { segments: files.length, lines: 0, entries: 0 };
  db.transaction(() => {
    for (const file of files) {
      let text: string;
      try {
        text = readFileSync(join(dir, file), 'utf8');
      } catch (error) {
        warnings.push({
          kind: 'corrupt-line',
          file,
          message: `${file} could not be read (${(error as NodeJS.ErrnoException).code}); its lines were not imported.`,
        });
        continue;
      }
      const lines = text.split('\n');
      const torn = lines.pop() ?? '';
      for (const [at, text] of lines.entries()) {
        const decoded = decodeLine(text);
        if (!decoded.ok) {
          warnings.push({
            kind: 'corrupt-line',
            file,
            line: at + 1,
            message: `Line ${at + 1} of ${file} ${decoded.error}; it was not imported.`,
          });
          continue;
        }
        const problem = applyLine(sql, decoded.line);
        if (problem) warnings.push(problemWarning(problem, file, at + 1, decoded.line.id));
        // A second outcome is applied (the later one wins, as before); the other problems are skipped.
        if (problem && problem.kind !== 'second-outcome') continue;
        counts.lines += 1;
        if (decoded.line.t === 'intent') counts.entries += 1;
      }
      if (torn.length > 0) {
        warnings.push({
          kind: 'torn-tail',
          file,
          message: `The last line of ${file} was incomplete (${Buffer.byteLength(torn)} bytes, cut off while it was being written) and was not imported. An intent cut off there was never sent; an outcome cut off there is looked up again.`,
        });
      }
    }
    for (const warning of warnings) sql.addWarning.run(warning.kind, warning.file, warning.line ?? null, warning.message);
    db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run(
      IMPORTED_KEY,
      JSON.stringify({ from: dir, at: new Date().toISOString(), ...counts }),
    );
  })();
  return counts;
}

function problemWarning(problem: LineProblem, file: string, line: number, id: string): JournalWarning {
  switch (problem.kind) {
    case 'orphan':
      return {
        kind: 'orphan-outcome',
        file,
        line,
        message: `Line ${line} of ${file} belongs to entry ${id}, which has no intent; it was not imported.`,
      };
    case 'second-intent':
      return { kind: 'corrupt-line', file, line, message: `A second intent with id ${id} was not imported.` };
    case 'second-outcome':
      return {
        kind: 'duplicate-outcome',
        file,
        line,
        message: `Entry ${id} had outcome ${problem.before}, then another; the later one is kept.`,
      };
  }
}
