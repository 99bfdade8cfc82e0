// All terminals of one simulator run, and the one place that hears about state changes (the
// state file writer subscribes to it) and resets (what lives beside the state, such as the
// real-world mode's counters, starts afresh with it).
import { DEFAULT_FEE_PROGRAM, type FeeProgram } from './fee-program';
import type { StateFile, TerminalData } from './model';
import { PerTerminalSetting } from './per-terminal';
import { Terminal } from './terminal';
import { DEFAULT_TIP_MODE, type TipMode } from './tip-mode';

export interface TerminalCredentials {
  tpn: string;
  authkey: string;
}

export class SimulatorState {
  readonly terminals = new Map<string, Terminal>();
  private listener: () => void = () => {};
  private resetListener: (tpn: string | undefined) => void = () => {};
  #revision = 0;
  /** Configuration, not state: neither saved in the state file nor changed by reset(). */
  private readonly tipModes = new PerTerminalSetting<TipMode>(DEFAULT_TIP_MODE, 'tip mode');
  private readonly feePrograms = new PerTerminalSetting<FeeProgram>(DEFAULT_FEE_PROGRAM, 'fee program');

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

  /** The tip behaviour of one terminal: its own setting, else the global one. */
  tipModeFor(tpn: string): TipMode {
    return this.tipModes.for(tpn);
  }

  globalTipMode(): TipMode {
    return this.tipModes.globalValue;
  }

  /** Without a TPN it sets the global mode; with one, that terminal's (null: follow the global mode again). */
  setTipMode(mode: TipMode | null, tpn?: string): void {
    this.tipModes.set(mode, tpn);
  }

  /** The fee program one terminal runs: its own, else the global one. */
  feeProgramFor(tpn: string): FeeProgram {
    return this.feePrograms.for(tpn);
  }

  /** Without a TPN it sets the global program; with one, that terminal's (null: follow the global one again). */
  setFeeProgram(program: FeeProgram | null, tpn?: string): void {
    this.feePrograms.set(program, tpn);
  }

  onChange(listener: () => void): void {
    this.listener = listener;
  }

  /** Told which terminals reset() made fresh (undefined: all of them). */
  onReset(listener: (tpn: string | undefined) => void): void {
    this.resetListener = listener;
  }

  /** How many changes were made so far: what is derived from the state (kept answers) is stale once it moves. */
  get revision(): number {
    return this.#revision;
  }

  /** Every change of state ends here, right after it is made. */
  changed(): void {
    this.#revision += 1;
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
    this.resetListener(tpn);
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
