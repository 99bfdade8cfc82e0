import type Database from 'better-sqlite3';
import { closeSync, fdatasyncSync, fsyncSync, openSync, readSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';

// The journal's high-water record: how many entries (intents) it had written, kept OUTSIDE the
// database, so a start can tell when the database lost its tail. SQLite's WAL holds every commit
// since the last checkpoint; a WAL that is deleted, bit-flipped or cut short after a crash (the
// cases SQLite's "How To Corrupt An SQLite Database File" lists) makes SQLite silently drop the
// frames from the damage on, and the journal opens "fine" without its newest payments. A file of
// our own that only ever says "at least N intents were written" catches that: the database
// holding fewer entries than the mark means entries were lost.
//
// The file is two fixed 32-byte slots, overwritten in place (no new blocks, so a full disk cannot
// refuse it) and fdatasynced after each intent's commit. Each slot has its own checksum; the two
// alternate, so a write torn by a power cut leaves the other slot, one intent behind, readable.

/** The record's file, beside journal.sqlite in the data folder. */
export const HIGH_WATER_FILE = 'journal.high-water';

const MAGIC = 0x53_44_48_57; // "SDHW"
const SLOT_BYTES = 32;
/** magic u32, entries f64, line seq f64, crc32 u32 of the 20 bytes before it. */
const CHECKED_BYTES = 20;

/** What a slot says: the journal's entry count and last line after an intent was committed. */
export interface HighWaterMark {
  entries: number;
  seq: number;
}

/** The record of entries lost from the journal's tail, kept in the database's `meta` table. */
export interface TailLoss {
  /** Entries the high-water record said were written but the database does not hold. */
  missing: number;
  /** The high-water record's count when the loss was found (a second start finding the same loss adds nothing). */
  expected: number;
  /** The last line the database still held when the loss was found: entries after it are new. */
  keptThroughSeq: number;
  detectedAt: string;
  /** Entries restored from the terminals' open batches so far (recovery/batch-rebuild.ts). */
  restored: number;
  /** true once every configured terminal's open batch was read. */
  rebuilt: boolean;
  /** Terminals (Tpn) whose open batch could not be read yet, and why. */
  unread?: { tpn: string; why: string }[];
  /** Terminals (Tpn) whose open batch was read: a later try reads only the others. */
  read?: string[];
}

export const TAIL_LOSS_KEY = 'tail-loss';

function encode(mark: HighWaterMark): Buffer {
  const slot = Buffer.alloc(SLOT_BYTES);
  slot.writeUInt32LE(MAGIC, 0);
  slot.writeDoubleLE(mark.entries, 4);
  slot.writeDoubleLE(mark.seq, 12);
  slot.writeUInt32LE(crc32(slot.subarray(0, CHECKED_BYTES)), CHECKED_BYTES);
  return slot;
}

function decode(slot: Buffer): HighWaterMark | undefined {
  if (slot.length < SLOT_BYTES || slot.readUInt32LE(0) !== MAGIC) return undefined;
  if (slot.readUInt32LE(CHECKED_BYTES) !== crc32(slot.subarray(0, CHECKED_BYTES))) return undefined;
  const entries = slot.readDoubleLE(4);
  const seq = slot.readDoubleLE(12);
  return Number.isSafeInteger(entries) && Number.isSafeInteger(seq) && entries >= 0 && seq >= 0 ? { entries, seq } : undefined;
}

/** The higher of the two slots that pass their checksum; undefined when neither does (a new file). */
export function readHighWater(buffer: Buffer): HighWaterMark | undefined {
  const marks = [decode(buffer.subarray(0, SLOT_BYTES)), decode(buffer.subarray(SLOT_BYTES, 2 * SLOT_BYTES))];
  return marks.reduce<HighWaterMark | undefined>((high, mark) => (mark && (!high || mark.entries > high.entries) ? mark : high), undefined);
}

/** The open high-water file: one descriptor for the session, one slot written per intent. */
export class HighWater {
  readonly #fd: number;
  /** false only beside a journal that does not fsync either (test data built in bulk): the same durability as the intent. */
  readonly #durable: boolean;
  #closed = false;

  private constructor(fd: number, durable: boolean) {
    this.#fd = fd;
    this.#durable = durable;
  }

  /** Opens (or creates) the file in `dataDir` and returns it with the mark it held. */
  static open(dataDir: string, durable = true): { file: HighWater; mark: HighWaterMark | undefined } {
    const path = join(dataDir, HIGH_WATER_FILE);
    // 'a+' would append; 'r+' needs the file: create it empty first (never truncating one).
    closeSync(openSync(path, 'a'));
    const fd = openSync(path, 'r+');
    const buffer = Buffer.alloc(2 * SLOT_BYTES);
    readSync(fd, buffer, 0, buffer.length, 0);
    // The folder's entry for a new file must be durable too, or a crash could lose the whole file.
    syncFolder(dataDir);
    return { file: new HighWater(fd, durable), mark: readHighWater(buffer) };
  }

  /**
   * Records that the journal holds `mark.entries` entries, durably (fdatasync) before it returns:
   * called after each intent's commit and before the request is sent, so any request that left
   * this PC is counted. The slot alternates with the count, so a torn write spares the other.
   */
  write(mark: HighWaterMark): void {
    writeSync(this.#fd, encode(mark), 0, SLOT_BYTES, (mark.entries % 2) * SLOT_BYTES);
    if (this.#durable) fdatasyncSync(this.#fd);
  }

  /** Sets both slots to `mark`: the record brought down to what the database holds (the higher slot would win otherwise). */
  reset(mark: HighWaterMark): void {
    const slot = encode(mark);
    writeSync(this.#fd, Buffer.concat([slot, slot]), 0, 2 * SLOT_BYTES, 0);
    if (this.#durable) fdatasyncSync(this.#fd);
  }

  /** Closing twice (the journal's close() may be called again) is harmless. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    closeSync(this.#fd);
  }
}

function syncFolder(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Windows cannot open a folder to sync it; NTFS journals the folder entry itself.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The journal's own count of entries and its last line, as the high-water record states them. */
export function markOf(db: Database.Database): HighWaterMark {
  const entries = (db.prepare('SELECT n FROM entry_count').get() as { n: number }).n;
  const seq = (db.prepare('SELECT max(seq) AS last FROM lines').get() as { last: number | null }).last ?? 0;
  return { entries, seq };
}

export function readTailLoss(db: Database.Database): TailLoss | undefined {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(TAIL_LOSS_KEY) as { value: string } | undefined;
  return row ? (JSON.parse(row.value) as TailLoss) : undefined;
}

export function writeTailLoss(db: Database.Database, loss: TailLoss): void {
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(
    TAIL_LOSS_KEY,
    JSON.stringify(loss),
  );
}

/**
 * At open: compares the database with the high-water record. Fewer entries than the record says
 * were written is a lost tail: it is recorded in the database first (so a crash right after still
 * finds it) and only then is the record brought down to what the database holds, so that new
 * intents count from there. A loss found again (that crash) is not counted twice; one found while
 * an earlier one is still being rebuilt adds to it. Returns the open file (undefined when the
 * folder refuses it).
 */
export function checkHighWater(db: Database.Database, dataDir: string): HighWater | undefined {
  let opened: ReturnType<typeof HighWater.open>;
  try {
    // synchronous=OFF (0) only for test data built in bulk (journal-database.ts): no flush here either.
    opened = HighWater.open(dataDir, db.pragma('synchronous', { simple: true }) !== 0);
  } catch {
    // A folder that refuses the file refuses the journal's writes too: its own check says so.
    return undefined;
  }
  const { file, mark } = opened;
  try {
    const held = markOf(db);
    const loss = readTailLoss(db);
    if (mark && mark.entries > held.entries && mark.entries !== loss?.expected) {
      const earlier = loss && !loss.rebuilt ? loss : undefined;
      writeTailLoss(db, {
        missing: (earlier?.missing ?? 0) + mark.entries - held.entries,
        expected: mark.entries,
        keptThroughSeq: earlier ? Math.min(earlier.keptThroughSeq, held.seq) : held.seq,
        detectedAt: new Date().toISOString(),
        restored: earlier?.restored ?? 0,
        rebuilt: false,
      });
    }
    if (!mark || mark.entries !== held.entries || mark.seq !== held.seq) file.reset(held);
  } catch {
    // A full disk refused the note: the record keeps its higher mark, so the next start finds the loss again.
  }
  return file;
}
