// Holds a FileJournal's history index while a test asks it things "right after start": the
// first opening of a sealed segment (the background loader reads them one at a time, oldest first)
// waits until release(); every later read goes through, so on-demand reads still work. Await
// `holding` after open and before asking anything, so the read held is surely the loader's.
import { readdirSync, readFileSync } from 'node:fs';
import * as fsp from 'node:fs/promises';
import { join } from 'node:path';
import type { JournalFs } from '../../electron/services/journal/segments';

export interface HeldHistory {
  fs: JournalFs;
  /** Resolves once the loader's first read is being held. */
  holding: Promise<void>;
  release(): void;
}

export function holdHistory(dir: string): HeldHistory {
  const { sealedThrough } = JSON.parse(readFileSync(join(dir, 'checkpoint.json'), 'utf8')) as { sealedThrough: number };
  const sealed = new Set(readdirSync(dir).filter((file) => /^seg-\d+-/.test(file) && Number(file.slice(4, 10)) <= sealedThrough));
  if (sealed.size === 0) throw new Error(`${dir} has no sealed segments: there is no history to hold`);
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  let held = false;
  let nowHolding = () => {};
  const holding = new Promise<void>((resolve) => (nowHolding = resolve));
  const fs: JournalFs = {
    ...fsp,
    open: (async (path: string, ...rest: unknown[]) => {
      if (!held && sealed.has(String(path).split('/').pop() as string)) {
        held = true;
        nowHolding();
        await gate;
      }
      return (fsp.open as (...a: unknown[]) => Promise<unknown>)(path, ...rest);
    }) as typeof fsp.open,
  };
  return { fs, holding, release: () => release() };
}
