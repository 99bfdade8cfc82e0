// The browser host (electron/host/cli.ts, the same services as Electron's main process) with one
// thing added for memory readings: on SIGUSR2 it runs a full garbage collection (the process must be
// started with --expose-gc) and prints `gc <process.memoryUsage() as JSON>` on stdout, after the URL
// line the host prints itself. With BENCH_HEAP_SNAPSHOT_DIR set it also writes a heap snapshot
// there after the collection (its path is in the printed JSON as `snapshot`).
//
//   node --expose-gc out/bench/gc-host.mjs --port 0 --data-dir <folder>   (bundled by bench/sales-memory.ts)
import { join } from 'node:path';
import { writeHeapSnapshot } from 'node:v8';

const gc = (globalThis as { gc?: () => void }).gc;
let readings = 0;
process.on('SIGUSR2', () => {
  if (!gc) {
    process.stdout.write('gc unavailable: start the host with --expose-gc\n');
    return;
  }
  // Two passes: what the first frees can let the second free what pointed at it from old space.
  gc();
  gc();
  // Read before the snapshot, whose own buffers would count otherwise.
  const memory = process.memoryUsage();
  const dir = process.env.BENCH_HEAP_SNAPSHOT_DIR;
  readings += 1;
  const snapshot = dir ? writeHeapSnapshot(join(dir, `host-${readings}.heapsnapshot`)) : undefined;
  process.stdout.write(`gc ${JSON.stringify({ ...memory, ...(snapshot ? { snapshot } : {}) })}\n`);
});

await import('../../electron/host/cli');
