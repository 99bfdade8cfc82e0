import { join } from 'node:path';
import { JournalIndex } from './journal-index';
import { decodeLine } from './line-codec';
import type { JournalEntry } from './records';
import { positionOf, type JournalFs, type SegmentName } from './segments';

// The ReferenceId check before a payment must never wait for the history index, which loads the
// sealed segments in the background after start (about a second for 100,000 entries). Until it
// is complete, the uses of one reference are read from those segments on demand: a text search
// finds the few lines that can matter, and only those are decoded.

/** The characters a ReferenceId may have (the SPIn schema's rule); anything else is left to the full index. */
const SEARCHABLE = /^[A-Za-z0-9_-]+$/;

/**
 * Every use of `ref` on `tpn` in these sealed segments, as the full index would hold it (intent,
 * attempts, notes and outcome from any of them); undefined when `ref` cannot be searched as text
 * (then the caller waits for the index). ReferenceIds match case-insensitively, like the index.
 */
export async function scanReferenceUses(
  fs: JournalFs,
  dir: string,
  sealed: readonly SegmentName[],
  tpn: string,
  ref: string,
): Promise<JournalEntry[] | undefined> {
  if (!SEARCHABLE.test(ref)) return undefined;
  // Unicode case folding ('u') matches at least every spelling whose lower case is `ref`'s (the
  // Kelvin sign folds to k); a line it finds is decoded and compared exactly by the index.
  const refPattern = new RegExp(`"ref":"${ref}"`, 'giu');
  const index = new JournalIndex();
  const found: { id: string; from: number }[] = [];
  for (const [at, segment] of sealed.entries()) {
    const text = await readText(fs, dir, segment);
    for (const match of text.matchAll(refPattern)) {
      const line = lineAround(text, match.index);
      const decoded = decodeLine(line.raw);
      if (!decoded.ok || decoded.line.t !== 'intent') continue;
      index.apply(decoded.line, source(segment, text, line.start), true);
      found.push({ id: decoded.line.id, from: at });
    }
  }
  const uses = index.usesOf(tpn, ref);
  if (uses.length === 0) return [];
  // What became of each: its other lines sit in its own segment or a later one.
  const ids = new Set(uses.map((entry) => entry.intent.id));
  const first = Math.min(...found.filter((f) => ids.has(f.id)).map((f) => f.from));
  for (const segment of sealed.slice(first)) {
    const text = await readText(fs, dir, segment);
    for (const id of ids) {
      const needle = `"id":${JSON.stringify(id)}`;
      for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) {
        const line = lineAround(text, at);
        const decoded = decodeLine(line.raw);
        if (decoded.ok && decoded.line.t !== 'intent') index.apply(decoded.line, source(segment, text, line.start), true);
      }
    }
  }
  return index.usesOf(tpn, ref);
}

async function readText(fs: JournalFs, dir: string, segment: SegmentName): Promise<string> {
  const buffer = await fs.readFile(join(dir, segment.file));
  // A torn last line was never acknowledged; like the index, read up to the last newline only.
  return buffer.toString('utf8', 0, buffer.lastIndexOf(10) + 1);
}

function lineAround(text: string, at: number): { start: number; raw: string } {
  const start = text.lastIndexOf('\n', at) + 1;
  const end = text.indexOf('\n', at);
  return { start, raw: text.slice(start, end < 0 ? text.length : end) };
}

/** The line's number counts the newlines before it, as readSegment numbers lines. */
function source(segment: SegmentName, text: string, start: number): { file: string; line: number; position: number } {
  let line = 1;
  for (let at = text.indexOf('\n'); at >= 0 && at < start; at = text.indexOf('\n', at + 1)) line += 1;
  return { file: segment.file, line, position: positionOf(segment.number, line) };
}
