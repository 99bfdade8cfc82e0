import { afterEach, beforeEach } from 'vitest';
import { TEST_TERMINAL, spinClient, type SpinClient } from '../../tests/support/simulator-kit';
import { startSimulator, type RunningSimulator } from '../index';

/**
 * A new simulator with the test terminal for each test, seeded so its answers repeat from run to
 * run, and closed after the test: `spin` is a SPIn client of it, `control` its test hooks.
 */
export function simulatorPerTest(seed: number): { readonly spin: SpinClient; readonly control: RunningSimulator['control'] } {
  let running: { sim: RunningSimulator; spin: SpinClient } | undefined;
  const current = () => {
    if (running === undefined) throw new Error('the simulator runs only while a test does');
    return running;
  };
  beforeEach(async () => {
    const sim = await startSimulator({ terminals: [TEST_TERMINAL], seed });
    running = { sim, spin: spinClient(sim.url) };
  });
  afterEach(async () => {
    await running?.sim.close();
    running = undefined;
  });
  return {
    get spin() {
      return current().spin;
    },
    get control() {
      return current().sim.control;
    },
  };
}
