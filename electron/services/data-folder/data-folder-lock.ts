import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';
import { journalWriteError, type JournalWriteError } from '../journal/journal-errors';

// One writer per data folder. Two copies of spin-desk on one folder would each trust only their
// own journal (and re-send each other's ReferenceIds) and overwrite each other's settings, so the
// second copy must not start. proper-lockfile holds a lock directory whose mtime the holder
// refreshes every few seconds: a lock left by a killed process goes stale and is taken over, on
// local disks and network shares alike. A small owner file beside it says who holds it, so a
// second copy can tell "someone is using this folder" (refuse) from "its holder died" (wait).

const LOCK_DIR = 'spin-desk.lock';
const OWNER_FILE = 'spin-desk.lock.owner.json';
/** A lock not refreshed for this long belongs to a dead or frozen process. */
const STALE_MS = 10_000;
const UPDATE_MS = 2_000;

export interface LockOwner {
  pid: number;
  hostname: string;
  startedAt: string;
  shell: string;
}

/** Another live spin-desk holds the folder. */
export class DataFolderBusy extends Error {
  readonly owner: LockOwner | undefined;

  constructor(dir: string, owner: LockOwner | undefined) {
    const who = owner ? ` (process ${owner.pid} on ${owner.hostname}, started ${owner.startedAt})` : '';
    super(`Another spin-desk${who} is using the data folder ${dir}. Close it first, or use another data folder.`);
    this.name = 'DataFolderBusy';
    this.owner = owner;
  }
}

export type DataFolderClaim =
  | { mode: 'writer'; release(): Promise<void> }
  /** The folder cannot be written: the app runs read-only (history readable, payments refused). */
  | { mode: 'read-only'; reason: JournalWriteError; release(): Promise<void> };

export interface ClaimOptions {
  shell: string;
  /** Called if the lock is lost while running (its directory removed or taken over). */
  onLost: (error: Error) => void;
  /** How long to wait for a lock whose holder has died to go stale (tests shorten it). */
  staleMs?: number;
}

/**
 * Takes the folder for this process. Resolves as a writer, or read-only when the folder cannot be
 * written; throws DataFolderBusy when another live copy holds it. A lock left by a process that
 * died on this computer is waited out (at most the stale time) and taken over.
 */
export async function claimDataFolder(dir: string, options: ClaimOptions): Promise<DataFolderClaim> {
  const staleMs = options.staleMs ?? STALE_MS;
  try {
    await mkdir(dir, { recursive: true });
  } catch (error) {
    return readOnly(error);
  }
  const lockOptions = {
    lockfilePath: join(dir, LOCK_DIR),
    stale: staleMs,
    update: Math.min(UPDATE_MS, staleMs / 2),
    realpath: false,
    onCompromised: options.onLost,
  };
  const deadline = Date.now() + staleMs + 2_000;
  for (;;) {
    try {
      const release = await lockfile.lock(dir, lockOptions);
      await writeOwner(dir, options.shell).catch(() => undefined);
      return { mode: 'writer', release: () => release().catch(() => undefined) };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ELOCKED') return readOnly(error);
      const owner = await readOwner(dir);
      if ((owner && holderAlive(owner)) || Date.now() > deadline) throw new DataFolderBusy(dir, owner);
      // Its holder is gone (or died before it could say who it was): the lock goes stale within
      // staleMs and is then taken over.
      await new Promise((resolve) => setTimeout(resolve, Math.min(500, staleMs / 4)));
    }
  }
}

function readOnly(error: unknown): DataFolderClaim {
  return { mode: 'read-only', reason: journalWriteError(error), release: async () => undefined };
}

async function writeOwner(dir: string, shell: string): Promise<void> {
  const owner: LockOwner = { pid: process.pid, hostname: hostname(), startedAt: new Date().toISOString(), shell };
  await writeFile(join(dir, OWNER_FILE), JSON.stringify(owner));
}

async function readOwner(dir: string): Promise<LockOwner | undefined> {
  try {
    const value = JSON.parse(await readFile(join(dir, OWNER_FILE), 'utf8')) as Partial<LockOwner>;
    if (typeof value.pid !== 'number' || typeof value.hostname !== 'string') return undefined;
    return { pid: value.pid, hostname: value.hostname, startedAt: String(value.startedAt), shell: String(value.shell) };
  } catch {
    return undefined;
  }
}

/**
 * Whether the holder may still be running. Only a process on this computer can be checked; one on
 * another computer (a shared network folder) counts as alive until its lock goes stale.
 */
function holderAlive(owner: LockOwner): boolean {
  if (owner.hostname !== hostname()) return true;
  if (owner.pid === process.pid) return true;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
