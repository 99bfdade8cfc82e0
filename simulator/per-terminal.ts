// A setting of the simulator that holds for every terminal unless one has its own (the tip mode,
// the fee program). Configuration, not state: neither saved in the state file nor changed by reset().

export class PerTerminalSetting<T> {
  private readonly byTpn = new Map<string, T>();

  constructor(
    private global: T,
    /** Names the setting in the error for a null global value. */
    private readonly name: string,
  ) {}

  /** One terminal's value: its own, else the global one. */
  for(tpn: string): T {
    return this.byTpn.get(tpn) ?? this.global;
  }

  get globalValue(): T {
    return this.global;
  }

  /** Without a TPN it sets the global value; with one, that terminal's (null: follow the global one again). */
  set(value: T | null, tpn?: string): void {
    if (tpn === undefined) {
      if (value === null) throw new TypeError(`The global ${this.name} cannot be null`);
      this.global = value;
    } else if (value === null) {
      this.byTpn.delete(tpn);
    } else {
      this.byTpn.set(tpn, value);
    }
  }
}
