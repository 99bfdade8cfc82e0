// A file-system layer for the journal (JournalFs) that misbehaves on demand, the way real disks
// do: a write that takes only part of its bytes and then ENOSPC once the space runs out, an EIO
// from write or fdatasync, a truncate that fails. Everything else goes to the real disk, so what
// the journal leaves behind is read back with the real readers.
import type { FileHandle } from 'node:fs/promises';
import * as fsp from 'node:fs/promises';
import type { JournalFs } from '../../electron/services/journal/segments';

function errno(code: string, syscall: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: injected fault, ${syscall}`), { code, syscall });
}

export class FaultyDisk {
  /** Bytes the disk still takes (undefined: no limit). A write larger than this is cut short, the next one fails with ENOSPC. */
  freeBytes: number | undefined;
  /** The next this-many fdatasync/fsync calls fail with EIO. */
  failSyncs = 0;
  /** The next write fails with EIO after writing this many of its bytes (undefined: no fault). */
  eioAfterBytes: number | undefined;
  /** The next this-many truncates fail with EIO. */
  failTruncates = 0;
  /** Faults that actually happened, for the test to check it exercised something. */
  readonly injected: string[] = [];

  readonly fs: JournalFs = {
    ...fsp,
    open: (async (...args: Parameters<typeof fsp.open>) => this.#wrap(await fsp.open(...args))) as typeof fsp.open,
  };

  #wrap(handle: FileHandle): FileHandle {
    const disk = this;
    const write = handle.write.bind(handle) as (buffer: Buffer, offset: number, length: number) => Promise<{ bytesWritten: number }>;
    const datasync = handle.datasync.bind(handle);
    const sync = handle.sync.bind(handle);
    const truncate = handle.truncate.bind(handle);
    const writeFile = handle.writeFile.bind(handle);
    const checkSync = async (real: () => Promise<void>) => {
      if (disk.failSyncs > 0) {
        disk.failSyncs -= 1;
        disk.injected.push('sync EIO');
        throw errno('EIO', 'fsync');
      }
      await real();
    };
    return Object.assign(handle, {
      async write(data: Buffer | string, offset = 0, length?: number) {
        const buffer = typeof data === 'string' ? Buffer.from(data) : data;
        const wanted = length ?? buffer.length - offset;
        let allowed = wanted;
        if (disk.eioAfterBytes !== undefined) {
          const cut = Math.min(disk.eioAfterBytes, wanted);
          disk.eioAfterBytes = undefined;
          if (cut > 0) await write(buffer, offset, cut);
          disk.injected.push(`write EIO after ${cut}`);
          throw errno('EIO', 'write');
        }
        if (disk.freeBytes !== undefined) {
          if (disk.freeBytes <= 0) {
            disk.injected.push('write ENOSPC');
            throw errno('ENOSPC', 'write');
          }
          allowed = Math.min(wanted, disk.freeBytes);
          if (allowed < wanted) disk.injected.push(`short write ${allowed}/${wanted}`);
        }
        const result = await write(buffer, offset, allowed);
        if (disk.freeBytes !== undefined) disk.freeBytes -= result.bytesWritten;
        return { bytesWritten: result.bytesWritten, buffer };
      },
      async writeFile(data: string) {
        const size = Buffer.byteLength(data);
        if (disk.freeBytes !== undefined && size > disk.freeBytes) {
          disk.injected.push('writeFile ENOSPC');
          throw errno('ENOSPC', 'write');
        }
        if (disk.freeBytes !== undefined) disk.freeBytes -= size;
        await writeFile(data);
      },
      datasync: () => checkSync(datasync),
      sync: () => checkSync(sync),
      async truncate(length: number) {
        if (disk.failTruncates > 0) {
          disk.failTruncates -= 1;
          disk.injected.push('truncate EIO');
          throw errno('EIO', 'ftruncate');
        }
        const before = (await handle.stat()).size;
        await truncate(length);
        if (disk.freeBytes !== undefined) disk.freeBytes += Math.max(0, before - length);
      },
    });
  }
}
