import { describe, expect, it } from 'vitest';
import { createAppServices } from '../app-services';
import { JournalWriteError } from '../journal/journal-errors';
import { MemoryStore } from '../store/key-value-store';
import { MemoryVault } from '../vault/secret-vault';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

async function storageWith(options: { freeBytes: number; readOnly?: JournalWriteError }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'storage-health-'));
  const services = await createAppServices({
    store: new MemoryStore(),
    vault: new MemoryVault(),
    info: { name: 'spin-desk', version: 'test', shell: 'browser' },
    log: { error: () => undefined },
    dataDir,
    freeBytes: async () => options.freeBytes,
    ...(options.readOnly ? { dataFolderReadOnly: options.readOnly } : {}),
  });
  try {
    return await services.dispatch('app:storage', undefined);
  } finally {
    await services.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('app:storage', () => {
  it('is ok with room on the disk', async () => {
    expect(await storageWith({ freeBytes: 2e9 })).toEqual({ ok: true, data: { state: 'ok', freeBytes: 2e9, unsavedResults: 0 } });
  });

  it('warns under 50 MB free, before payments are refused', async () => {
    expect(await storageWith({ freeBytes: 12 * 1024 * 1024 })).toEqual({
      ok: true,
      data: {
        state: 'low-space',
        message: "Only 12 MB free on the disk holding spin-desk's data. When it is full, payments are refused.",
        remedy: 'Free space on that disk.',
        freeBytes: 12 * 1024 * 1024,
        unsavedResults: 0,
      },
    });
  });

  it('says read-only, why, and what to do when the data folder cannot be written', async () => {
    const answer = await storageWith({ freeBytes: 2e9, readOnly: new JournalWriteError('READ_ONLY', 'EROFS') });
    expect(answer).toEqual({
      ok: true,
      data: {
        state: 'read-only',
        message: 'spin-desk cannot record payments: its data folder is read-only (EROFS). History can be read; payments are refused.',
        remedy: 'Make the folder writable (for example remount the disk read-write), then restart spin-desk.',
        freeBytes: 2e9,
        unsavedResults: 0,
      },
    });
  });
});
