import { join } from 'node:path';
import { decodeLine } from './line-codec';
import type { JournalEntry, JournalLine, JournalWarning } from './records';
import { syncDir, type JournalFs, type SegmentName } from './segments';

// A checkpoint is written whenever a segment is sealed: it names the last sealed segment and
// carries every entry that was still without an outcome. Start-up then reads the checkpoint and
// the segments after it, not the whole history, so it stays fast however long the journal gets.
// Written to a temporary file, fsynced and renamed, so it is either the old one or the new one.

const FILE = 'checkpoint.json';
const FORMAT = 'spin-desk-journal-checkpoint';

export interface Checkpoint {
  /** Segments up to and including this number are covered (0: none). */
  sealedThrough: number;
  /**
   * Size in bytes of segment `sealedThrough` when it was sealed. A sealed segment never grows, so
   * a different size on start means someone wrote to it afterwards (a second copy of the app, a
   * restore from backup): the checkpoint is then not trusted and the whole journal is read.
   */
  sealedBytes?: number;
  /** Lines that rebuild every entry pending at the seal: intent, latest attempt, unknown note. */
  pending: JournalLine[];
}

/** The lines that rebuild a pending entry exactly as the index holds it. */
export function linesOf(entry: JournalEntry): JournalLine[] {
  const { intent } = entry;
  const lines: JournalLine[] = [intent];
  if (entry.attempts > 0 || entry.deadlineMs !== Date.parse(intent.deadlineAt)) {
    lines.push({
      t: 'attempt',
      id: intent.id,
      at: intent.at,
      attempt: entry.attempts,
      deadlineAt: new Date(entry.deadlineMs).toISOString(),
      why: 'checkpoint',
    });
  }
  if (entry.unknownReason !== undefined) lines.push({ t: 'unknown', id: intent.id, at: intent.at, reason: entry.unknownReason });
  return lines;
}

export async function writeCheckpoint(fs: JournalFs, dir: string, checkpoint: Checkpoint): Promise<void> {
  const body = JSON.stringify({ format: FORMAT, version: 2, writtenAt: new Date().toISOString(), ...checkpoint });
  const tmp = join(dir, `${FILE}.tmp`);
  const handle = await fs.open(tmp, 'w');
  try {
    await handle.writeFile(body);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.rename(tmp, join(dir, FILE));
  await syncDir(fs, dir);
}

/** The last checkpoint, or one covering nothing (so every segment is read) when it is missing or damaged. */
export async function readCheckpoint(fs: JournalFs, dir: string, warnings: JournalWarning[]): Promise<Checkpoint> {
  const none: Checkpoint = { sealedThrough: 0, pending: [] };
  let text: string;
  try {
    text = await fs.readFile(join(dir, FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return none;
    throw error;
  }
  const damaged = (why: string): Checkpoint => {
    warnings.push(checkpointWarning(why));
    return none;
  };
  let value: { format?: unknown; sealedThrough?: unknown; sealedBytes?: unknown; pending?: unknown };
  try {
    value = JSON.parse(text) as typeof value;
  } catch {
    return damaged('is not valid JSON');
  }
  if (value.format !== FORMAT) return damaged(`has format ${String(value.format)}, expected ${FORMAT}`);
  if (!Number.isSafeInteger(value.sealedThrough) || (value.sealedThrough as number) < 0)
    return damaged('sealedThrough must be a whole number');
  if (value.sealedBytes !== undefined && (!Number.isSafeInteger(value.sealedBytes) || (value.sealedBytes as number) < 0))
    return damaged('sealedBytes must be a whole number');
  if (!Array.isArray(value.pending)) return damaged('pending must be a list');
  const pending: JournalLine[] = [];
  for (const [i, raw] of value.pending.entries()) {
    const decoded = decodeLine(JSON.stringify(raw));
    if (!decoded.ok) return damaged(`pending item ${i} ${decoded.error}`);
    pending.push(decoded.line);
  }
  const sealedBytes = value.sealedBytes as number | undefined;
  return { sealedThrough: value.sealedThrough as number, ...(sealedBytes === undefined ? {} : { sealedBytes }), pending };
}

/**
 * Whether the checkpoint matches the segments on disk; the reason when it does not. A checkpoint
 * that covers segments which are gone, or a sealed segment that changed size, would hide entries
 * from start-up reconciliation, so it is rejected and the whole journal read.
 */
export async function checkpointMismatch(
  fs: JournalFs,
  dir: string,
  checkpoint: Checkpoint,
  segments: readonly SegmentName[],
): Promise<string | undefined> {
  if (checkpoint.sealedThrough === 0) return undefined;
  const sealed = segments.find((s) => s.number === checkpoint.sealedThrough);
  if (!sealed) return `says segments up to number ${checkpoint.sealedThrough} are sealed, but that segment is missing`;
  if (checkpoint.sealedBytes === undefined) return undefined;
  const { size } = await fs.stat(join(dir, sealed.file));
  return size === checkpoint.sealedBytes
    ? undefined
    : `says ${sealed.file} was sealed at ${checkpoint.sealedBytes} bytes, but it now has ${size}`;
}

/** A journal with sealed segments but no checkpoint lost it (deleted, or never written by a crash). */
export function missingCheckpointWarning(): JournalWarning {
  return { kind: 'checkpoint', file: FILE, message: 'The journal checkpoint is missing; the whole journal was read instead.' };
}

export function checkpointWarning(why: string): JournalWarning {
  return { kind: 'checkpoint', file: FILE, message: `The journal checkpoint ${why}; the whole journal was read instead.` };
}
