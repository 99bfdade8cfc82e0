// The real-world mode's state: its settings, how often each request was seen (part of the dice's
// key, see plan.ts) and a log of what every request got. Configuration, not terminal state: it is
// not saved in the state file, and reset() only forgets the counters of the terminals it resets.
import type { EndpointName } from '@shared/spin';
import { variantRules, type RealWorldParsed, type RealWorldSettings, type Variant, type VariantRule } from './config';
import { makePlan, type Plan, type RealWorldEvent } from './plan';

/** The log keeps this many events; older ones are dropped first. */
export const MAX_EVENTS = 10_000;

export interface RealWorldView {
  /** null: the mode is off. */
  settings: RealWorldSettings | null;
  events: RealWorldEvent[];
}

const field = (body: Record<string, unknown>, key: string) => (typeof body[key] === 'string' ? (body[key] as string) : '');

export class RealWorld {
  #settings: RealWorldSettings | null = null;
  #rules: ReadonlyMap<Variant, VariantRule> = new Map();
  readonly #seen = new Map<string, number>();
  #events: RealWorldEvent[] = [];
  #seq = 0;

  /** `runSeed` is the simulator's seed, used when the settings name none. */
  constructor(private readonly runSeed: number) {}

  /** Validated settings (realWorldSchema's output), or null / no variants to turn the mode off. Starts a new log. */
  configure(settings: RealWorldParsed | null): RealWorldSettings | null {
    this.#seen.clear();
    this.#events = [];
    this.#seq = 0;
    if (settings === null || Object.keys(settings.variants).length === 0) {
      this.#settings = null;
      this.#rules = new Map();
      return null;
    }
    this.#settings = { ...settings, seed: settings.seed ?? this.runSeed };
    this.#rules = variantRules(this.#settings);
    return structuredClone(this.#settings);
  }

  view(): RealWorldView {
    return { settings: structuredClone(this.#settings), events: structuredClone(this.#events) };
  }

  /** A reset terminal starts its sequences again (all of them without a TPN, and the log too). */
  forget(tpn?: string): void {
    if (tpn === undefined) {
      this.#seen.clear();
      this.#events = [];
      return;
    }
    for (const key of this.#seen.keys()) if (key.startsWith(`${tpn}\u0000`)) this.#seen.delete(key);
  }

  /** The treatment of one request, logged; null when the mode is off. */
  plan(endpoint: EndpointName, body: unknown, path: string): Plan | null {
    if (this.#settings === null) return null;
    const request = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const tpn = field(request, 'Tpn');
    const referenceId = field(request, 'ReferenceId');
    const key = `${tpn}\u0000${endpoint}\u0000${referenceId}`;
    const occurrence = this.#seen.get(key) ?? 0;
    this.#seen.set(key, occurrence + 1);
    this.#seq += 1;
    const plan = makePlan(this.#settings, this.#rules, { tpn, endpoint, referenceId, occurrence, path }, this.#seq);
    this.#events.push(plan.event);
    if (this.#events.length > MAX_EVENTS) this.#events.shift();
    return plan;
  }
}
