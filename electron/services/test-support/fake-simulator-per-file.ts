import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startFakeSimulator } from '../../../tests/support/money-move-kit';

// The app reaches the simulator only through simulator/embedded.ts (lint:layers), so the type is
// the kit's, not imported from the simulator here.
type RunningSimulator = Awaited<ReturnType<typeof startFakeSimulator>>;

/**
 * The simulator of fake terminals a test file runs against (terminal n is fakeTpn(n), see
 * startFakeSimulator): started once before the file's first test, reset before each test so no
 * scenario, fault or batch carries over, and closed after the last. Its `url` and `control` are the
 * running simulator's, read in a test or hook.
 */
export function fakeSimulatorPerFile(
  terminals: number,
  processingDelayMs?: number,
  seed?: number,
): Pick<RunningSimulator, 'url' | 'control'> {
  let sim: RunningSimulator | undefined;
  const running = (): RunningSimulator => {
    if (sim === undefined) throw new Error('the fake simulator runs only from beforeAll to afterAll');
    return sim;
  };
  beforeAll(async () => {
    sim = await startFakeSimulator(terminals, processingDelayMs, seed);
  });
  afterAll(() => sim?.close());
  beforeEach(() => running().control.reset());
  return {
    get url() {
      return running().url;
    },
    get control() {
      return running().control;
    },
  };
}
