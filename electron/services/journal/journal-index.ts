import type { JournalEntry, JournalLine, JournalWarning, OutcomeLine } from './records';

/** Where a line came from: file and line for warnings, position for journal order. */
export interface LineSource {
  file: string;
  line: number;
  /** Increases along the journal (segment number, then line); see segments.ts positionOf. */
  position: number;
}

/**
 * The journal in memory: every entry by id, the entries still without an outcome (in journal
 * order), and a ReferenceId lookup. File and memory journals both feed it lines; it never does I/O.
 */
export class JournalIndex {
  readonly #entries = new Map<string, JournalEntry>();
  readonly #pending = new Set<string>();
  /** Terminal, then lower-cased ReferenceId: its uses (one entry alone, as most references have one use). */
  readonly #byRef = new Map<string, Map<string, JournalEntry | JournalEntry[]>>();
  /** Outcomes read before their intent (the intent sits in a segment not loaded yet). */
  readonly #unmatched = new Map<string, { outcome: OutcomeLine; source: LineSource }>();
  readonly warnings: JournalWarning[] = [];
  #sorted: JournalEntry[] | null = null;
  /** One copy of each text many entries repeat (profile, terminal, messages): see #share. */
  readonly #texts = new Map<string, string>();

  /**
   * `history` is set while sealed segments are merged in after start: an intent already known
   * (it came from the checkpoint because it was still pending) is then expected, not a warning.
   */
  apply(line: JournalLine, source: LineSource, history = false): void {
    this.#sorted = null;
    this.#share(line);
    switch (line.t) {
      case 'intent': {
        const known = history ? this.#entries.get(line.id) : undefined;
        // Known from the checkpoint: its segment now tells where it really sits.
        if (known) known.position = source.position;
        return known ? undefined : this.#addIntent(line, source);
      }
      case 'attempt': {
        const entry = this.#known(line.id, source, 'an attempt');
        if (!entry) return;
        entry.attempts = Math.max(entry.attempts, line.attempt);
        entry.deadlineMs = Math.max(entry.deadlineMs, Date.parse(line.deadlineAt));
        return;
      }
      case 'unknown': {
        const entry = this.#known(line.id, source, 'an unknown-outcome note');
        if (entry) entry.unknownReason = line.reason;
        return;
      }
      case 'outcome': {
        const entry = this.#entries.get(line.id);
        if (entry) this.#setOutcome(entry, line, source);
        else this.#unmatched.set(line.id, { outcome: line, source });
      }
    }
  }

  /** Call once every segment has been read: outcomes that never met their intent are reported. */
  reportOrphans(): void {
    for (const [id, { source }] of this.#unmatched) {
      this.warnings.push({ kind: 'orphan-outcome', ...source, message: `An outcome for entry ${id} has no intent; it was ignored.` });
    }
    this.#unmatched.clear();
  }

  get(id: string): JournalEntry | undefined {
    return this.#entries.get(id);
  }

  /** Entries without an outcome, oldest first. */
  pending(): JournalEntry[] {
    return [...this.#pending].map((id) => this.#entries.get(id) as JournalEntry).sort(oldestFirst);
  }

  /** Every entry that used this ReferenceId on this terminal, oldest first. */
  usesOf(tpn: string, ref: string): JournalEntry[] {
    // Sorted: history merged in after start appends older entries behind newer ones.
    const uses = this.#byRef.get(tpn)?.get(ref.toLowerCase());
    if (uses === undefined) return [];
    return Array.isArray(uses) ? [...uses].sort(oldestFirst) : [uses];
  }

  /** All entries, newest first (cached until the next change). */
  newestFirst(): readonly JournalEntry[] {
    this.#sorted ??= [...this.#entries.values()].sort((a, b) => oldestFirst(b, a));
    return this.#sorted;
  }

  get size(): number {
    return this.#entries.size;
  }

  #addIntent(line: Extract<JournalLine, { t: 'intent' }>, source: LineSource): void {
    if (this.#entries.has(line.id)) {
      this.warnings.push({ kind: 'corrupt-line', ...source, message: `A second intent with id ${line.id} was ignored.` });
      return;
    }
    const entry: JournalEntry = {
      intent: line,
      createdMs: Date.parse(line.at),
      position: source.position,
      deadlineMs: Date.parse(line.deadlineAt),
      attempts: 0,
    };
    this.#entries.set(line.id, entry);
    this.#addUse(entry);
    const early = this.#unmatched.get(line.id);
    if (early) {
      this.#unmatched.delete(line.id);
      this.#setOutcome(entry, early.outcome, early.source);
    } else {
      this.#pending.add(line.id);
    }
  }

  #addUse(entry: JournalEntry): void {
    const { tpn, ref } = entry.intent;
    let refs = this.#byRef.get(tpn);
    if (!refs) this.#byRef.set(tpn, (refs = new Map()));
    const key = ref.toLowerCase();
    const uses = refs.get(key);
    if (uses === undefined) refs.set(key, entry);
    else if (Array.isArray(uses)) uses.push(entry);
    else refs.set(key, [uses, entry]);
  }

  #setOutcome(entry: JournalEntry, outcome: OutcomeLine, source: LineSource): void {
    if (entry.outcome && entry.outcome.result !== outcome.result) {
      this.warnings.push({
        kind: 'duplicate-outcome',
        ...source,
        message: `Entry ${entry.intent.ref} had outcome ${entry.outcome.result}, then ${outcome.result}; the later one is kept.`,
      });
    }
    entry.outcome = outcome;
    this.#pending.delete(entry.intent.id);
  }

  /**
   * Parsing gives every line its own copy of each text; with 100,000 entries in memory the
   * copies of the same profile id, terminal, messages and card brand add up. Each field keeps its
   * value, only the copy it points to is shared (strings cannot be changed, so sharing is safe).
   */
  #share(line: JournalLine): void {
    switch (line.t) {
      case 'intent':
        line.profileId = this.#text(line.profileId);
        line.tpn = this.#text(line.tpn);
        if (line.paymentType !== undefined) line.paymentType = this.#text(line.paymentType);
        return;
      case 'outcome': {
        const intent = this.#entries.get(line.id)?.intent;
        if (intent) line.id = intent.id;
        line.statusCode = this.#text(line.statusCode);
        line.message = this.#text(line.message);
        if (line.batchNumber !== undefined) line.batchNumber = this.#text(line.batchNumber);
        if (line.card) {
          line.card.brand = this.#text(line.card.brand);
          line.card.first4 = this.#text(line.card.first4);
          line.card.last4 = this.#text(line.card.last4);
        }
        return;
      }
      default:
        return;
    }
  }

  /** Texts too varied to be worth sharing (one per entry, like ids) never get here. */
  #text(value: string): string {
    const known = this.#texts.get(value);
    if (known !== undefined) return known;
    this.#texts.set(value, value);
    return value;
  }

  #known(id: string, source: LineSource, what: string): JournalEntry | undefined {
    const entry = this.#entries.get(id);
    if (!entry)
      this.warnings.push({ kind: 'orphan-outcome', ...source, message: `${what} for entry ${id} has no intent; it was ignored.` });
    return entry;
  }
}

/**
 * By time, then by journal position: two entries written in the same millisecond keep the order
 * they were written in (a clock set back by hand can still reorder entries; the position cannot).
 */
export function oldestFirst(a: JournalEntry, b: JournalEntry): number {
  return a.createdMs - b.createdMs || a.position - b.position;
}
