// Persistence for --state: load once on start, write after changes. Writes are atomic (temp
// file, fsync, rename, fsync of the directory), so a crash leaves either the old or the new
// file, never half of one. Changes are coalesced for a few ms; close() flushes what is pending.
import { open, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { describeIssues, ruleMessage } from '@shared/spin';
import { stateFileSchema, type StateFile } from './model';

export class StateFileError extends Error {
  constructor(
    readonly path: string,
    reason: string,
  ) {
    super(`State file ${path}: ${reason}`);
    this.name = 'StateFileError';
  }
}

/** The saved state, or null when the file does not exist yet (first run). */
export async function loadStateFile(path: string): Promise<StateFile | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new StateFileError(path, `cannot be read (${(error as Error).message})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new StateFileError(path, `is not valid JSON (${(error as Error).message}); fix or delete it`);
  }
  const parsed = stateFileSchema.safeParse(json, { error: ruleMessage });
  if (!parsed.success) throw new StateFileError(path, `is not a simulator state file: ${describeIssues(parsed.error)}`);
  return parsed.data;
}

export async function writeStateFileAtomically(path: string, state: StateFile): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  const file = await open(temp, 'w', 0o600);
  try {
    await file.writeFile(`${JSON.stringify(state, null, 1)}\n`);
    await file.sync();
  } finally {
    await file.close();
  }
  try {
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  // The rename itself is durable only once the directory entry is flushed (not possible on Windows).
  const dir = await open(dirname(path), 'r').catch(() => null);
  await dir?.sync().catch(() => undefined);
  await dir?.close();
}

/** Coalesces bursts of changes into one write; never runs two writes of the same file at once. */
export class StateWriter {
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private dirty = false;

  constructor(
    private readonly path: string,
    private readonly snapshot: () => StateFile,
    private readonly debounceMs = 20,
  ) {}

  private stopped = false;

  /** Nothing is written any more: what changes from now on stays in memory. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  schedule(): void {
    if (this.stopped) return;
    this.dirty = true;
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.flush().catch((error: unknown) => console.error(`[simulator] ${(error as Error).message}`));
    }, this.debounceMs);
  }

  /** Writes now if anything changed; resolves when the file on disk is current. */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const previous = this.writing;
    this.writing = previous
      .catch(() => undefined)
      .then(async () => {
        if (!this.dirty || this.stopped) return;
        this.dirty = false;
        // Snapshot at write time, so the newest state is what lands on disk.
        await writeStateFileAtomically(this.path, this.snapshot()).catch((error: unknown) => {
          this.dirty = true;
          throw new StateFileError(this.path, `cannot be written (${(error as Error).message})`);
        });
      });
    return this.writing;
  }
}
