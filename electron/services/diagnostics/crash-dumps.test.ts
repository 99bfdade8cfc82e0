import { mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SupportBundleContent } from '@shared/ipc/diagnostics-views';
import { memoryAppServices } from '../../../tests/support/memory-app-services';
import { CRASH_DUMPS_DIR, listCrashDumps, pruneCrashDumps } from './crash-dumps';

/** A data folder with crash reports written at the given seconds (Crashpad's layout: completed/, pending/). */
function dataFolder(reports: [name: string, bytes: number, atSeconds: number][]): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'spin-desk-crashes-'));
  for (const [name, bytes, at] of reports) {
    const file = join(dataDir, CRASH_DUMPS_DIR, name);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, Buffer.alloc(bytes));
    utimesSync(file, at, at);
  }
  return dataDir;
}

const T = 1_764_150_000;

describe('the crash reports in the data folder', () => {
  it('are listed newest first with their place, size and time; other files are not reports', async () => {
    const dataDir = dataFolder([
      ['completed/a.dmp', 10, T],
      ['pending/b.dmp', 20, T + 60],
      ['main-error-2026-11-26T10-00-00.000Z.txt', 5, T + 30],
      ['settings.dat', 1, T + 90],
    ]);
    expect(await listCrashDumps(join(dataDir, CRASH_DUMPS_DIR))).toEqual([
      { file: 'crashes/pending/b.dmp', bytes: 20, at: new Date((T + 60) * 1000).toISOString() },
      { file: 'crashes/main-error-2026-11-26T10-00-00.000Z.txt', bytes: 5, at: new Date((T + 30) * 1000).toISOString() },
      { file: 'crashes/completed/a.dmp', bytes: 10, at: new Date(T * 1000).toISOString() },
    ]);
  });

  it('keep the newest within both the count and the size limit', async () => {
    const dataDir = dataFolder([
      ['completed/old.dmp', 100, T],
      ['completed/mid.dmp', 100, T + 1],
      ['completed/new.dmp', 100, T + 2],
    ]);
    const dir = join(dataDir, CRASH_DUMPS_DIR);
    expect(await pruneCrashDumps(dir, { count: 5, bytes: 250 })).toBe(1);
    expect(readdirSync(join(dir, 'completed')).sort()).toEqual(['mid.dmp', 'new.dmp']);
    expect(await pruneCrashDumps(dir, { count: 1, bytes: 1000 })).toBe(1);
    expect(readdirSync(join(dir, 'completed'))).toEqual(['new.dmp']);
  });

  it('are none when the folder does not exist yet', async () => {
    expect(await listCrashDumps(join(tmpdir(), 'spin-desk-no-such-folder', CRASH_DUMPS_DIR))).toEqual([]);
  });

  it('are listed in the support bundle', async () => {
    const dataDir = dataFolder([['completed/render.dmp', 42, T]]);
    const services = await memoryAppServices({ dataDir });
    try {
      const answer = await services.dispatch('diagnostics:bundle', undefined);
      if (!answer.ok) throw new Error(answer.error.message);
      const content = JSON.parse((answer.data as { json: string }).json) as SupportBundleContent;
      expect(content.crashDumps).toEqual([{ file: 'crashes/completed/render.dmp', bytes: 42, at: new Date(T * 1000).toISOString() }]);
    } finally {
      await services.close();
    }
  });
});
