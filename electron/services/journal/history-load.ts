import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { IdImage } from './id-table';
import { JournalIndex, type HistoryImage } from './journal-index';
import type { JournalWarning } from './records';
import { readSegment, tornWarning, type JournalFs, type ReadLine, type SegmentName } from './segments';

// The history index of the sealed segments is built apart and merged into the journal's index in
// one step (JournalIndex.mergeHistory). Built in a worker thread, the load's garbage (a decoded
// object per line, the young-generation room V8 grows for it) lives and dies in the worker's own
// heap, which goes back to the system when the worker exits; the main process keeps only the
// finished columns (transferred, not copied) and its event loop stays free meanwhile.

/** What loading the sealed segments yields. */
export interface HistoryLoad {
  image: HistoryImage;
  /** The lines of entries the journal's index already knew when the load began (pending ones from the checkpoint): it applies them itself. */
  known: ReadLine[];
  /** What reading tolerated: corrupt lines, torn tails. */
  warnings: JournalWarning[];
}

/** Reads the sealed segments, oldest first, into an index of their own. */
export async function readHistory(
  fs: JournalFs,
  dir: string,
  sealed: readonly SegmentName[],
  isKnown: (id: string) => boolean,
  pause?: () => Promise<void>,
): Promise<HistoryLoad> {
  const index = new JournalIndex();
  const warnings: JournalWarning[] = [];
  const known: ReadLine[] = [];
  for (const segment of sealed) {
    await pause?.();
    const content = await readSegment(
      fs,
      dir,
      segment,
      warnings,
      (read) => {
        if (isKnown(read.line.id)) known.push(read);
        else index.apply(read.line, read.source, true);
      },
      pause,
    );
    if (content.tornBytes > 0) warnings.push(tornWarning(segment.file, content.tornBytes));
  }
  return { image: index.image(), known, warnings };
}

/** What the worker (history-worker.ts) is given. */
export interface HistoryWorkerData {
  dir: string;
  sealed: SegmentName[];
  known: IdImage;
}

export interface WorkerLoad {
  /** The load, or undefined when the worker failed or was stopped (the caller reads in-thread instead, or gives up). */
  done: Promise<HistoryLoad | undefined>;
  stop(): void;
}

/** readHistory in a worker thread, on the real file system. */
export function readHistoryInWorker(data: HistoryWorkerData): WorkerLoad {
  let worker: Worker;
  try {
    worker = startWorker(data);
  } catch {
    return { done: Promise.resolve(undefined), stop: () => undefined };
  }
  const done = new Promise<HistoryLoad | undefined>((resolve) => {
    worker.once('message', (load: HistoryLoad) => resolve(load));
    // A worker that cannot start or read: the in-thread reader then meets (and reports) the same problem.
    worker.once('error', () => resolve(undefined));
    worker.once('messageerror', () => resolve(undefined));
    worker.once('exit', () => resolve(undefined));
  });
  return { done, stop: () => void worker.terminate() };
}

/**
 * The worker sits beside this module: history-worker.ts in the source (run by tsx or vitest, which
 * compile TypeScript as it loads; tsx is asked to do the same in the worker), or the bundle
 * esbuild writes beside the bundle this module is part of (scripts/build-electron.mjs), with its extension.
 */
function startWorker(data: HistoryWorkerData): Worker {
  const here = import.meta.url;
  const extension = extname(fileURLToPath(here));
  if (extension === '.ts') {
    const url = JSON.stringify(new URL('./history-worker.ts', here).href);
    return new Worker(`import('tsx/esm/api').then(({ tsImport }) => tsImport(${url}, ${url}))`, { eval: true, workerData: data });
  }
  return new Worker(new URL(`./history-worker${extension}`, here), { workerData: data });
}
