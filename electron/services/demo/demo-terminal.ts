import { rename } from 'node:fs/promises';
import type { DemoBehaviour } from '@shared/ipc/payment-result-views';
import { startServer, StateFileError, type RunningServer, type SimulatorControl } from '../../../simulator/embedded';
import { applyDemoBehaviour } from './demo-behaviour';

/** The built-in demo terminal's credentials: public on purpose, they only open the simulator. */
export const DEMO_TPN = 'DESK00000001';
export const DEMO_AUTHKEY = 'DEMOKEY001';

/** Where the demo terminal keeps its open batch in the data folder (the simulator's own state file). */
export const DEMO_STATE_FILE = 'demo-terminal.json';

export interface DemoTerminalOptions {
  processingDelayMs?: number;
  /**
   * The simulator's state file: with it the demo batch survives a restart, so "Check before
   * settling" compares the journal with the batch those sales went into. Without it (tests, a
   * browser host without --data-dir, a read-only data folder) the batch lives in memory.
   */
  statePath?: string;
  /** Told when a saved state cannot be used and the demo starts over with an empty batch. */
  onError?: (message: string) => void;
}

/**
 * The simulator, started in-process on a free loopback port the first time the demo profile is
 * used, so the app works out of the box without a terminal. It is the plain server: controlled
 * in-process only, without the control API over HTTP or the real-world mode.
 */
export class DemoTerminal {
  readonly #processingDelayMs: number;
  readonly #statePath: string | undefined;
  readonly #onError: (message: string) => void;
  #running: Promise<RunningServer> | undefined;
  #saving = true;
  #next: DemoBehaviour = 'approve';

  constructor(options: DemoTerminalOptions = {}) {
    this.#processingDelayMs = options.processingDelayMs ?? 600;
    this.#statePath = options.statePath;
    this.#onError = options.onError ?? (() => undefined);
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

  /** The data folder was taken over by another process: the demo goes on in memory, its file is left alone. */
  stopSaving(): void {
    this.#saving = false;
    void this.#running?.then((server) => server.stopSaving()).catch(() => undefined);
  }

  async close(): Promise<void> {
    const running = this.#running;
    this.#running = undefined;
    if (running) await (await running).close();
  }

  #simulator(): Promise<RunningServer> {
    this.#running ??= this.#start();
    return this.#running;
  }

  async #start(): Promise<RunningServer> {
    const path = this.#saving ? this.#statePath : undefined;
    try {
      return await this.#serve(path);
    } catch (error) {
      if (!(error instanceof StateFileError) || path === undefined) throw error;
      // Practice data only: a damaged or unwritable file must not cost the demo terminal. A damaged
      // one is kept beside (to look at) and the demo starts over; an unwritable place means memory.
      const aside = `${path}.damaged-${Date.now()}`;
      const movedAside = await rename(path, aside).then(
        () => true,
        () => false,
      );
      this.#onError(
        `${error.message}. The demo terminal starts with an empty batch${movedAside ? `; the old file is kept as ${aside}` : ''}.`,
      );
      return this.#serve(movedAside ? path : undefined);
    }
  }

  #serve(statePath: string | undefined): Promise<RunningServer> {
    return startServer({
      host: '127.0.0.1',
      port: 0,
      terminals: [{ tpn: DEMO_TPN, authkey: DEMO_AUTHKEY }],
      processingDelayMs: this.#processingDelayMs,
      ...(statePath === undefined ? {} : { statePath }),
    });
  }
}
