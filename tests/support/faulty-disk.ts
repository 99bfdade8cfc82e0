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
    const write = handle.write.bind(handle) as (buffer: Buffer, offset: number, length: number) => Promise<{ bytesWritten: number }>;
    const datasync = handle.datasync.bind(handle);
    const sync = handle.sync.bind(handle);
    const truncate = handle.truncate.bind(handle);
    const writeFile = handle.writeFile.bind(handle);
    const checkSync = async (real: () => Promise<void>) => {
      if (this.failSyncs > 0) {
        this.failSyncs -= 1;
        this.injected.push('sync EIO');
        throw errno('EIO', 'fsync');
      }
      await real();
    };
    return Object.assign(handle, {
      write: async (data: Buffer | string, offset = 0, length?: number) => {
        const buffer = typeof data === 'string' ? Buffer.from(data) : data;
        const wanted = length ?? buffer.length - offset;
        let allowed = wanted;
        if (this.eioAfterBytes !== undefined) {
          const cut = Math.min(this.eioAfterBytes, wanted);
          this.eioAfterBytes = undefined;
          if (cut > 0) await write(buffer, offset, cut);
          this.injected.push(`write EIO after ${cut}`);
          throw errno('EIO', 'write');
        }
        if (this.freeBytes !== undefined) {
          if (this.freeBytes <= 0) {
            this.injected.push('write ENOSPC');
            throw errno('ENOSPC', 'write');
          }
          allowed = Math.min(wanted, this.freeBytes);
          if (allowed < wanted) this.injected.push(`short write ${allowed}/${wanted}`);
        }
        const result = await write(buffer, offset, allowed);
        if (this.freeBytes !== undefined) this.freeBytes -= result.bytesWritten;
        return { bytesWritten: result.bytesWritten, buffer };
      },
      writeFile: async (data: string) => {
        const size = Buffer.byteLength(data);
        if (this.freeBytes !== undefined && size > this.freeBytes) {
          this.injected.push('writeFile ENOSPC');
          throw errno('ENOSPC', 'write');
        }
        if (this.freeBytes !== undefined) this.freeBytes -= size;
        await writeFile(data);
      },
      datasync: () => checkSync(datasync),
      sync: () => checkSync(sync),
      truncate: async (length: number) => {
        if (this.failTruncates > 0) {
          this.failTruncates -= 1;
          this.injected.push('truncate EIO');
          throw errno('EIO', 'ftruncate');
        }
        const before = (await handle.stat()).size;
        await truncate(length);
        if (this.freeBytes !== undefined) this.freeBytes += Math.max(0, before - length);
      },
    });
  }
}
