// Issue 41, item 1: a second copy started on a folder in use is told so at start, worded in the
// language asked for (the start's dialog passes the system's: main speaks none yet then).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { speakSpanishInThisTest } from '../../../tests/support/speak-spanish';
import { claimDataFolder, DataFolderBusy } from './data-folder-lock';

describe('a data folder another copy holds', () => {
  it('is refused with the folder and its owner named, in English and in Spanish', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'folder-busy-'));
    const first = await claimDataFolder(dir, { shell: 'test', onLost: () => undefined });
    onTestFinished(() => first.release());
    const busy = await claimDataFolder(dir, { shell: 'test', onLost: () => undefined }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(busy).toBeInstanceOf(DataFolderBusy);
    const { message, owner } = busy as DataFolderBusy;
    expect(owner).toBeDefined();
    const who = `(process ${owner?.pid} on ${owner?.hostname}, started ${owner?.startedAt})`;
    expect(message).toBe(`Another spin-desk ${who} is using the data folder ${dir}. Close it first, or use another data folder.`);
    await speakSpanishInThisTest();
    expect((busy as DataFolderBusy).shownMessage()).toBe(
      `Otra copia de spin-desk (proceso ${owner?.pid} en ${owner?.hostname}, iniciado ${owner?.startedAt}) está usando la carpeta de datos ${dir}. Ciérrela primero o use otra carpeta de datos.`,
    );
    expect((busy as DataFolderBusy).message).toBe(message);
  });
});
