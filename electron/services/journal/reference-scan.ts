import { join } from 'node:path';
import { JournalIndex } from './journal-index';
import { decodeLine } from './line-codec';
import type { JournalEntry } from './records';
import { positionOf, type JournalFs, type SegmentName } from './segments';

// The ReferenceId check before a payment must never wait for the history index, which loads the
// sealed segments in the background after start (about a second for 100,000 entries). Until it
// is complete, the uses of one reference are read from those segments on demand: a byte search
// finds the few lines that can matter, and only those are decoded.

/** The characters a ReferenceId may have (the SPIn schema's rule); anything else is left to the full index. */
const SEARCHABLE = /^[A-Za-z0-9_-]+$/;
/**
 * The one character outside ASCII whose lower case is ASCII (U+212A KELVIN SIGN, lower case "k"),
 * in UTF-8. A segment holding it is searched character by character instead of byte by byte.
 */
const KELVIN = Buffer.from('\u212a', 'utf8');
/** How an intent line spells its reference's key (encodeLine: JSON.stringify, no spaces). */
const REF_KEY = '"ref":"';

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
  const needle = `${REF_KEY}${ref.toLowerCase()}"`;
  const index = new JournalIndex();
  const found: { id: string; from: number }[] = [];
  for (const [at, segment] of sealed.entries()) {
    const bytes = await readLines(fs, dir, segment);
    for (const offset of caseless(bytes, needle)) {
      const line = lineAround(bytes, offset);
      const decoded = decodeLine(line.raw);
      if (!decoded.ok || decoded.line.t !== 'intent') continue;
      index.apply(decoded.line, source(segment, bytes, line.start), true);
      found.push({ id: decoded.line.id, from: at });
    }
  }
  // Lines found here carry no byte range, so the index holds every entry whole.
  const usesNow = () => index.usesOf(tpn, ref).map((row) => index.entryOrStored(row) as JournalEntry);
  const uses = usesNow();
  if (uses.length === 0) return [];
  // What became of each: its other lines sit in its own segment or a later one.
  const ids = new Set(uses.map((entry) => entry.intent.id));
  const first = Math.min(...found.filter((f) => ids.has(f.id)).map((f) => f.from));
  for (const segment of sealed.slice(first)) {
    const bytes = await readLines(fs, dir, segment);
    for (const id of ids) {
      const idNeedle = Buffer.from(`"id":${JSON.stringify(id)}`, 'utf8');
      for (let at = bytes.indexOf(idNeedle); at >= 0; at = bytes.indexOf(idNeedle, at + idNeedle.length)) {
        const line = lineAround(bytes, at);
        const decoded = decodeLine(line.raw);
        if (decoded.ok && decoded.line.t !== 'intent') index.apply(decoded.line, source(segment, bytes, line.start), true);
      }
    }
  }
  return usesNow();
}

/** The segment up to its last newline: like the index, a torn last line (never acknowledged) is not read. */
async function readLines(fs: JournalFs, dir: string, segment: SegmentName): Promise<Buffer> {
  const buffer = await fs.readFile(join(dir, segment.file));
  return buffer.subarray(0, buffer.lastIndexOf(10) + 1);
}

/**
 * Offsets where `needle` (`"ref":"<reference in lower case>"`) occurs in `bytes`, ignoring the case
 * of letters. Usually a native search for the longest letter-free part of the reference (digits,
 * '-', '_' and the closing quote: the same in any case) with each hit compared in full; else the
 * bytes lowered as Latin-1, one character per byte so offsets stay the original's (UTF-8 never uses
 * a byte below 0x80 inside a longer character, so only real ASCII text can match). Only the Kelvin
 * sign (a "k" in lower case) needs the text decoded.
 */
function caseless(bytes: Buffer, needle: string): number[] {
  const offsets: number[] = [];
  if (bytes.includes(KELVIN)) {
    const text = bytes.toString('utf8');
    for (const match of text.matchAll(new RegExp(needle, 'giu'))) offsets.push(Buffer.byteLength(text.slice(0, match.index)));
    return offsets;
  }
  const anchor = longestCaseFreeRun(needle.slice(REF_KEY.length));
  if (anchor.length >= 3) {
    const at = needle.indexOf(anchor, REF_KEY.length);
    const bytesOfAnchor = Buffer.from(anchor, 'latin1');
    for (let hit = bytes.indexOf(bytesOfAnchor); hit >= 0; hit = bytes.indexOf(bytesOfAnchor, hit + 1)) {
      const start = hit - at;
      if (start >= 0 && sameIgnoringCase(bytes, start, needle)) offsets.push(start);
    }
    return offsets;
  }
  const lowered = bytes.toString('latin1').toLowerCase();
  for (let at = lowered.indexOf(needle); at >= 0; at = lowered.indexOf(needle, at + needle.length)) offsets.push(at);
  return offsets;
}

function longestCaseFreeRun(text: string): string {
  return (text.match(/[^A-Za-z]+/g) ?? []).reduce((longest, run) => (run.length > longest.length ? run : longest), '');
}

/** Whether `bytes` at `start` spell `lower` (ASCII, lower case) in any case. */
function sameIgnoringCase(bytes: Buffer, start: number, lower: string): boolean {
  if (start + lower.length > bytes.length) return false;
  for (let i = 0; i < lower.length; i += 1) {
    const byte = bytes[start + i] as number;
    if ((byte >= 0x41 && byte <= 0x5a ? byte + 0x20 : byte) !== lower.charCodeAt(i)) return false;
  }
  return true;
}

function lineAround(bytes: Buffer, at: number): { start: number; raw: string } {
  const start = bytes.lastIndexOf(10, at) + 1;
  const end = bytes.indexOf(10, at);
  return { start, raw: bytes.toString('utf8', start, end < 0 ? bytes.length : end) };
}

/** The line's number counts the newlines before it, as readSegment numbers lines. */
function source(segment: SegmentName, bytes: Buffer, start: number): { file: string; line: number; position: number } {
  let line = 1;
  for (let at = bytes.indexOf(10); at >= 0 && at < start; at = bytes.indexOf(10, at + 1)) line += 1;
  return { file: segment.file, line, position: positionOf(segment.number, line) };
}
