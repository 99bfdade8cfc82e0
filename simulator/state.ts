// All terminals of one simulator run, and the one place that hears about state changes (the
// state file writer subscribes to it).
import type { StateFile, TerminalData } from './model';
import { Terminal } from './terminal';

export interface TerminalCredentials {
  tpn: string;
  authkey: string;
}

export class SimulatorState {
  readonly terminals = new Map<string, Terminal>();
  private listener: () => void = () => {};

  constructor(
    /** Run seed: each terminal's PRNG is derived from it and its TPN. */
    readonly seed: number,
    private readonly credentials: readonly TerminalCredentials[],
    restored: readonly TerminalData[] = [],
  ) {
    const saved = new Map(restored.map((data) => [data.tpn, data]));
    for (const { tpn, authkey } of credentials) {
      const data = saved.get(tpn);
      // Configured credentials win over the file: a rotated Authkey must take effect on restart.
      this.terminals.set(tpn, data ? new Terminal({ ...data, authkey }) : Terminal.fresh(tpn, authkey, seed));
    }
  }

  onChange(listener: () => void): void {
    this.listener = listener;
  }

  changed(): void {
    this.listener();
  }

  /**
   * Replaces terminals with fresh ones. Work in flight finishes on the replaced object and is
   * dropped with it, so a reset is never undone by a late answer.
   */
  reset(tpn?: string): void {
    for (const creds of this.credentials) {
      if (tpn === undefined || creds.tpn === tpn) {
        this.terminals.set(creds.tpn, Terminal.fresh(creds.tpn, creds.authkey, this.seed));
      }
    }
    this.changed();
  }

  toFile(): StateFile {
    return {
      format: 'spin-desk-simulator',
      version: 1,
      terminals: [...this.terminals.values()].map((terminal) => terminal.toData()),
    };
  }
}
