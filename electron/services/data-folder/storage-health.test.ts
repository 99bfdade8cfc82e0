import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountSmallDisk, type SmallDisk } from '../../../tests/support/small-disk';
import { memoryAppServices } from '../../../tests/support/memory-app-services';
import { damagedFileError, JournalWriteError } from '../journal/journal-errors';
import { freeFilesOf, LOW_FREE_FILES, storageHealth } from './storage-health';
import { speakSpanishInThisTest } from '../../../tests/support/speak-spanish';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

async function storageWith(options: { freeBytes: number; readOnly?: JournalWriteError }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'storage-health-'));
  const services = await memoryAppServices({
    info: { name: 'spin-desk', version: 'test', shell: 'browser' },
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

describe('app:storage counts free files (inodes) as well as bytes', () => {
  const healthy = { health: () => ({ state: 'ok' as const, unsaved: 0 }) };
  const withFiles = (files: number | null) =>
    storageHealth({ journal: healthy, dataDir: '/data', freeBytes: async () => 2e9, freeFiles: async () => files });

  it('says when no file fits any more, though bytes are free', async () => {
    expect(await withFiles(0)).toEqual({
      state: 'low-space',
      message:
        "The disk holding spin-desk's data has no room for more files, though it may have bytes free: settings cannot be saved, and payments are refused once the journal needs a new file.",
      remedy: 'Delete files you do not need on that disk: every file counts, however small.',
      freeBytes: 2e9,
      unsavedResults: 0,
    });
  });

  it(`warns under ${LOW_FREE_FILES} free files, and is ok above`, async () => {
    expect(await withFiles(LOW_FREE_FILES - 1)).toMatchObject({
      state: 'low-space',
      message: `Only ${LOW_FREE_FILES - 1} more files fit on the disk holding spin-desk's data. When none fit, settings cannot be saved and payments are refused.`,
      remedy: expect.stringContaining('every file counts'),
    });
    expect((await withFiles(LOW_FREE_FILES)).state).toBe('ok');
  });

  it('treats a file system that counts no files as unknown, not as none left', async () => {
    expect(freeFilesOf({ files: 0, ffree: 0 })).toBeNull();
    expect(freeFilesOf({ files: 100, ffree: 0 })).toBe(0);
    expect(await withFiles(null)).toMatchObject({ state: 'ok' });
  });

  it("the journal's own state comes first: read-only beats no free files", async () => {
    const damaged = damagedFileError('/data/settings.json', 'is not valid JSON', '/data/settings.json.damaged-x');
    const health = await storageHealth({
      journal: { health: () => ({ state: 'read-only', error: damaged, unsaved: 0 }) },
      dataDir: '/data',
      freeBytes: async () => 2e9,
      freeFiles: async () => 0,
    });
    expect(health).toEqual({
      state: 'read-only',
      message:
        'spin-desk cannot record payments: a file in its data folder is damaged, /data/settings.json is not valid JSON (a copy is kept as /data/settings.json.damaged-x). History can be read; payments are refused.',
      remedy: 'Restore the file from a backup, or move it out of the folder to start it afresh, then restart spin-desk.',
      freeBytes: 2e9,
      unsavedResults: 0,
    });
  });

  describe('on a real tmpfs with few inodes (statfs, no fakes)', () => {
    let disk: SmallDisk;
    beforeAll(() => {
      // Bytes to spare (above the 50 MB warning; tmpfs takes memory only as it is written), few files.
      disk = mountSmallDisk(64 * 1024 * 1024, { inodes: 100 });
    });
    afterAll(() => disk.unmount());

    it('reads ffree: few files left, then none', async () => {
      const real = () => storageHealth({ journal: healthy, dataDir: disk.dir });
      expect(await real()).toMatchObject({
        state: 'low-space',
        message: `Only ${disk.freeFiles()} more files fit on the disk holding spin-desk's data. When none fit, settings cannot be saved and payments are refused.`,
      });
      disk.exhaustFiles();
      expect(await real()).toMatchObject({ state: 'low-space', message: expect.stringContaining('no room for more files') });
      disk.unfill();
    });
  });
});

// Issue 41, item 1: the header's words follow the language main speaks when they are asked for,
// though the journal's error was made before the switch.
describe('app:storage in Spanish', () => {
  it('says read-only, why, what to do, and a low disk, in Spanish', async () => {
    const readOnly = new JournalWriteError('READ_ONLY', 'EROFS');
    await speakSpanishInThisTest();
    expect(await storageWith({ freeBytes: 2e9, readOnly })).toMatchObject({
      ok: true,
      data: {
        state: 'read-only',
        message:
          'spin-desk no puede registrar pagos: su carpeta de datos es de solo lectura (EROFS). Historial se puede consultar; los pagos se rechazan.',
        remedy:
          'Haga que se pueda escribir en la carpeta (por ejemplo, vuelva a montar el disco en modo de lectura y escritura) y luego reinicie spin-desk.',
      },
    });
    expect(await storageWith({ freeBytes: 12 * 1024 * 1024 })).toMatchObject({
      ok: true,
      data: {
        message: 'Solo quedan 12 MB libres en el disco donde spin-desk guarda sus datos. Cuando se llene, los pagos se rechazan.',
        remedy: 'Libere espacio en ese disco.',
      },
    });
  });
});
