import * as fsp from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { readHistory, type HistoryWorkerData } from './history-load';
import { IdTable } from './id-table';

// The worker thread that reads the sealed segments into a history index (see history-load.ts). It
// posts the result and ends; its columns are transferred, so the main thread gets them without a copy.

const { dir, sealed, known } = workerData as HistoryWorkerData;
const ids = new IdTable();
ids.addAll(known, 0);
const load = await readHistory(fsp, dir, sealed, (id) => ids.has(id));
const buffers = [...load.image.columns, load.image.ids.words].map((values) => values.buffer as ArrayBuffer);
parentPort?.postMessage(load, buffers);
