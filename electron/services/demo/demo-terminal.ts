import type { DemoBehaviour } from '@shared/ipc/views';
import { startServer, type RunningServer, type SimulatorControl } from '../../../simulator/embedded';
import { applyDemoBehaviour } from './demo-behaviour';

/** The built-in demo terminal's credentials: public on purpose, they only open the simulator. */
export const DEMO_TPN = 'DESK00000001';
export const DEMO_AUTHKEY = 'DEMOKEY001';

/**
 * The simulator, started in-process on a free loopback port the first time the demo profile is
 * used, so the app works out of the box without a terminal. It is the plain server: controlled
 * in-process only, without the control API over HTTP or the real-world mode.
 */
export class DemoTerminal {
  readonly #processingDelayMs: number;
  #running: Promise<RunningServer> | undefined;
  #next: DemoBehaviour = 'approve';

  constructor(options: { processingDelayMs?: number } = {}) {
    this.#processingDelayMs = options.processingDelayMs ?? 600;
  }

  baseUrl = async (): Promise<string> => (await this.#simulator()).url;

  async setNext(behaviour: DemoBehaviour): Promise<DemoBehaviour> {
    const simulator = await this.#simulator();
    applyDemoBehaviour(simulator.control, DEMO_TPN, behaviour);
    this.#next = behaviour;
    return this.#next;
  }

  /** The simulator's in-process control (the practice panel goes through setNext; tests set tip modes with it). */
  async control(): Promise<SimulatorControl> {
    return (await this.#simulator()).control;
  }

  async close(): Promise<void> {
    const running = this.#running;
    this.#running = undefined;
    if (running) await (await running).close();
  }

  #simulator(): Promise<RunningServer> {
    this.#running ??= startServer({
      host: '127.0.0.1',
      port: 0,
      terminals: [{ tpn: DEMO_TPN, authkey: DEMO_AUTHKEY }],
      processingDelayMs: this.#processingDelayMs,
    });
    return this.#running;
  }
}
