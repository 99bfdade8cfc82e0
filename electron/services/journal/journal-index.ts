import { JournalState } from '@shared/ipc/journal-views';
import type { IntentLine, JournalEntry, JournalLine, JournalWarning, OutcomeLine } from './records';
import { IdTable, type IdImage } from './id-table';
import type { LineSpot } from './segments';

/** Where a line came from: file and line for warnings, position for journal order. */
export interface LineSource {
  file: string;
  line: number;
  /** Increases along the journal (segment number, then line); see segments.ts positionOf. */
  position: number;
  /** Byte range of the line in its segment file, when it was read from one (not for live or checkpoint lines). */
  offset?: number;
  length?: number;
  /** A copy of a line that sits in a sealed segment (the checkpoint's): it does not pin the entry in memory. */
  copy?: true;
}

/** The two lines an entry not held in memory is rebuilt from, read back by the journal. */
export interface StoredEntry {
  row: number;
  intent: LineSpot;
  outcome: LineSpot;
}

/** The fields a history search and its totals need, one row per entry (see journal-query.ts). */
export interface RowFields {
  createdMs(row: number): number;
  /** The ReferenceId in lower case (what every search compares). */
  refLowerCase(row: number): string;
  amountCents(row: number): number;
  /** NaN when the outcome gave none. */
  approvedCents(row: number): number;
  last4(row: number): string | undefined;
  state(row: number): JournalState;
  tpn(row: number): string;
}

type Numbers = Float64Array | Int32Array;

/** A growable column of numbers, one per row: a few bytes an entry instead of an object. */
class Column<T extends Numbers> {
  #values: T;
  readonly #make: (length: number) => T;

  constructor(make: (length: number) => T) {
    this.#make = make;
    this.#values = make(1024);
  }

  get(row: number): number {
    return this.#values[row] as number;
  }

  set(row: number, value: number): void {
    if (row >= this.#values.length) this.#grow(Math.max(row + 1, Math.ceil(this.#values.length * 1.5)));
    this.#values[row] = value;
  }

  /** The first `count` values, in an array of their own (it can be handed to another thread). */
  copyOf(count: number): T {
    return this.#values.slice(0, count) as T;
  }

  /** Sets the rows from `row` on to `values`, through `map` when given; grows once, to the size needed. */
  setAll(row: number, values: Numbers, map?: (value: number) => number): void {
    if (row + values.length > this.#values.length) this.#grow(row + values.length);
    if (!map) this.#values.set(values, row);
    // A counted loop: entries() would make an [index, value] pair per row.
    else for (let at = 0; at < values.length; at += 1) this.#values[row + at] = map(values[at] as number);
  }

  #grow(length: number): void {
    const grown = this.#make(length);
    grown.set(this.#values);
    this.#values = grown;
  }
}

const floats = () => new Column((n) => new Float64Array(n));
const ints = () => new Column((n) => new Int32Array(n));
const STATES = JournalState.options;
const NO_TEXT = -1;

/**
 * A history index built apart (in a worker thread, see history-load.ts), as plain data another
 * thread can take: its columns in `JournalIndex.#columns()` order (transferred, not copied), its
 * texts, ids, whole entries still held, outcomes still waiting for their intent, and warnings.
 */
export interface HistoryImage {
  count: number;
  columns: Numbers[];
  texts: string[];
  refKeys: string[];
  refSpellings: [number, string][];
  ids: IdImage;
  held: [number, JournalEntry][];
  pending: number[];
  unmatched: [string, { outcome: OutcomeLine; source: LineSource }][];
  warnings: JournalWarning[];
}

/**
 * The journal in memory. Every entry has a row of columns holding what searching, sorting,
 * filtering, totals and the reference check need, plus where its intent and outcome lines sit
 * on disk. The whole entry (intent and outcome objects) is kept only while it can still change or
 * is not on disk as it is shown: pending entries, entries written or changed this session, lines
 * from the checkpoint or kept in memory. A settled entry read from the segments keeps its row
 * only (about 150 bytes instead of 900); the journal reads its two lines back when a page,
 * lookup or export needs it (StoredEntry). File and memory journals both feed it lines; it never
 * does I/O.
 */
export class JournalIndex implements RowFields {
  readonly #rows = new IdTable();
  #count = 0;
  /** Whole entries kept in memory, by row (see the class comment for which). */
  readonly #held = new Map<number, JournalEntry>();
  readonly #pending = new Set<number>();
  /** Rows that must stay held: a line of theirs is not on disk (live, checkpoint, memory). */
  readonly #keep = new Set<number>();
  /** Terminal, then lower-cased ReferenceId: the rows of its uses (one row alone, as most references have one use). */
  readonly #byRef = new Map<string, Map<string, number | number[]>>();
  /** Outcomes read before their intent (the intent sits in a segment not loaded yet). */
  readonly #unmatched = new Map<string, { outcome: OutcomeLine; source: LineSource }>();
  readonly warnings: JournalWarning[] = [];
  #newestFirst: number[] | null = null;

  readonly #created = floats();
  readonly #position = floats();
  readonly #deadline = floats();
  readonly #amount = floats();
  readonly #approved = floats();
  readonly #outcomePosition = floats();
  readonly #intentOffset = ints();
  readonly #intentLength = ints();
  readonly #outcomeOffset = ints();
  readonly #outcomeLength = ints();
  readonly #attempts = ints();
  readonly #state = ints();
  readonly #tpn = ints();
  readonly #last4 = ints();
  readonly #unknown = ints();
  /** The ReferenceId in lower case per row, the same string the reference map is keyed by. */
  readonly #refKeys: string[] = [];
  /** The ReferenceId as written, for the rows whose spelling is not simply the upper case of the key. */
  readonly #refSpellings = new Map<number, string>();
  /** Texts many rows repeat (terminal, card digits, unknown-outcome reasons), stored once; rows hold their number. */
  readonly #texts: string[] = [];
  readonly #textCodes = new Map<string, number>();

  /**
   * `history` is set while sealed segments are merged in after start: an intent already known
   * (it came from the checkpoint because it was still pending) is then expected, not a warning.
   */
  apply(line: JournalLine, source: LineSource, history = false): void {
    switch (line.t) {
      case 'intent': {
        const known = history ? this.#rows.get(line.id) : undefined;
        if (known === undefined) return this.#addIntent(line, source);
        // Known from the checkpoint: its segment now tells where it really sits.
        this.#position.set(known, source.position);
        const held = this.#held.get(known);
        if (held) held.position = source.position;
        this.#newestFirst = null;
        if (source.offset !== undefined) {
          this.#intentOffset.set(known, source.offset);
          this.#intentLength.set(known, source.length ?? 0);
        }
        return this.#settle(known, source);
      }
      case 'attempt': {
        const row = this.#known(line.id, source, 'an attempt');
        if (row === undefined) return;
        const attempts = Math.max(this.#attempts.get(row), line.attempt);
        const deadlineMs = Math.max(this.#deadline.get(row), Date.parse(line.deadlineAt));
        this.#attempts.set(row, attempts);
        this.#deadline.set(row, deadlineMs);
        const held = this.#held.get(row);
        if (held) Object.assign(held, { attempts, deadlineMs });
        return this.#settle(row, source);
      }
      case 'unknown': {
        const row = this.#known(line.id, source, 'an unknown-outcome note');
        if (row === undefined) return;
        this.#unknown.set(row, this.#code(line.reason));
        const held = this.#held.get(row);
        if (held) held.unknownReason = line.reason;
        return this.#settle(row, source);
      }
      case 'outcome': {
        const row = this.#rows.get(line.id);
        if (row !== undefined) this.#setOutcome(row, line, source);
        else this.#unmatched.set(line.id, { outcome: line, source });
      }
    }
  }

  /** Call once every segment has been read: outcomes that never met their intent are reported. */
  reportOrphans(): void {
    for (const [id, { source }] of this.#unmatched) {
      this.warnings.push({
        kind: 'orphan-outcome',
        ...sourceOf(source),
        message: `An outcome for entry ${id} has no intent; it was ignored.`,
      });
    }
    this.#unmatched.clear();
  }

  /** This index as plain data, for the journal's own index to merge in (mergeHistory). */
  image(): HistoryImage {
    return {
      count: this.#count,
      columns: this.#columns().map((column) => column.copyOf(this.#count)),
      texts: [...this.#texts],
      refKeys: this.#refKeys.slice(0, this.#count),
      refSpellings: [...this.#refSpellings],
      ids: this.#rows.image(this.#count),
      held: [...this.#held],
      pending: [...this.#pending],
      unmatched: [...this.#unmatched],
      warnings: this.warnings,
    };
  }

  /** The ids of every row, as data another thread can take (to tell which lines this index already knows). */
  ids(): IdImage {
    return this.#rows.image(this.#count);
  }

  /**
   * Merges in the index of the sealed segments, built apart from lines whose ids this index did not
   * know: its rows follow this index's rows (whose numbers never change), and each outcome waiting
   * for an intent on either side meets it now. Lines of the entries this index knew were not part
   * of it: the journal applies them after, as history lines.
   */
  mergeHistory(image: HistoryImage): void {
    const base = this.#count;
    const codes = image.texts.map((text) => this.#code(text));
    const recode = (code: number) => (code === NO_TEXT ? NO_TEXT : (codes[code] as number));
    const textColumns = new Set<Column<Numbers>>([this.#tpn, this.#last4, this.#unknown]);
    for (const [at, column] of this.#columns().entries())
      column.setAll(base, image.columns[at] as Numbers, textColumns.has(column) ? recode : undefined);
    this.#rows.addAll(image.ids, base);
    this.#count += image.count;
    this.#newestFirst = null;
    for (const [at, key] of image.refKeys.entries()) {
      this.#refKeys[base + at] = key;
      this.#addUse(this.tpn(base + at), key, base + at);
    }
    for (const [row, spelling] of image.refSpellings) this.#refSpellings.set(base + row, spelling);
    for (const [row, entry] of image.held) this.#held.set(base + row, entry);
    for (const row of image.pending) this.#pending.add(base + row);
    this.warnings.push(...image.warnings);
    for (const [id, early] of [...this.#unmatched]) {
      const row = this.#rows.get(id);
      if (row === undefined) continue;
      this.#unmatched.delete(id);
      this.#setOutcome(row, early.outcome, early.source);
    }
    for (const [id, waiting] of image.unmatched) this.#unmatched.set(id, waiting);
  }

  has(id: string): boolean {
    return this.#rows.get(id) !== undefined;
  }

  rowOf(id: string): number | undefined {
    return this.#rows.get(id);
  }

  /** The entry when it is held in memory (pending, written this session); undefined for settled history. */
  get(id: string): JournalEntry | undefined {
    const row = this.#rows.get(id);
    return row === undefined ? undefined : this.#held.get(row);
  }

  /** The whole entry of a row when held, else where its lines sit on disk. */
  entryOrStored(row: number): JournalEntry | StoredEntry {
    const held = this.#held.get(row);
    if (held) return held;
    const position = this.#position.get(row);
    return {
      row,
      intent: { position, offset: this.#intentOffset.get(row), length: this.#intentLength.get(row) },
      outcome: { position: this.#outcomePosition.get(row), offset: this.#outcomeOffset.get(row), length: this.#outcomeLength.get(row) },
    };
  }

  /** An entry rebuilt from its lines read back from disk, with what the row knows beyond them. */
  rebuild(row: number, intent: IntentLine, outcome: OutcomeLine): JournalEntry {
    const unknown = this.#unknown.get(row);
    return {
      intent,
      createdMs: this.#created.get(row),
      position: this.#position.get(row),
      deadlineMs: this.#deadline.get(row),
      attempts: this.#attempts.get(row),
      ...(unknown === NO_TEXT ? {} : { unknownReason: this.#texts[unknown] as string }),
      outcome,
    };
  }

  /**
   * Keeps the entry in memory from now on: this session is about to change it. Also for an entry
   * already held (a pending one): while this session's line is being written, the history merged
   * in the background may bring the entry's older outcome and settle it, and the line about to be
   * applied has no place on disk yet, so the entry must not be dropped in between.
   */
  hold(row: number, entry: JournalEntry): JournalEntry {
    this.#keep.add(row);
    const held = this.#held.get(row);
    if (held) return held;
    this.#held.set(row, entry);
    return entry;
  }

  /** Entries without an outcome, oldest first (always held in memory). */
  pending(): JournalEntry[] {
    return [...this.#pending].sort(this.#oldestFirst).map((row) => this.#held.get(row) as JournalEntry);
  }

  /** The rows of every entry that used this ReferenceId on this terminal, oldest first. */
  usesOf(tpn: string, ref: string): number[] {
    // Sorted: history merged in after start appends older entries behind newer ones.
    const uses = this.#byRef.get(tpn)?.get(ref.toLowerCase());
    if (uses === undefined) return [];
    return Array.isArray(uses) ? [...uses].sort(this.#oldestFirst) : [uses];
  }

  /** The rows of every use of this ReferenceId on any terminal, oldest first. */
  usesOnAnyTerminal(ref: string): number[] {
    return [...this.#byRef.keys()].flatMap((tpn) => this.usesOf(tpn, ref)).sort(this.#oldestFirst);
  }

  /** Every row, newest first (cached until the next entry or move). */
  newestFirst(): readonly number[] {
    this.#newestFirst ??= Array.from({ length: this.#count }, (_, row) => row).sort((a, b) => this.#oldestFirst(b, a));
    return this.#newestFirst;
  }

  get size(): number {
    return this.#count;
  }

  createdMs(row: number): number {
    return this.#created.get(row);
  }

  refLowerCase(row: number): string {
    return this.#refKeys[row] as string;
  }

  /** The ReferenceId as written. */
  ref(row: number): string {
    return this.#refSpellings.get(row) ?? (this.#refKeys[row] as string).toUpperCase();
  }

  amountCents(row: number): number {
    return this.#amount.get(row);
  }

  approvedCents(row: number): number {
    return this.#approved.get(row);
  }

  last4(row: number): string | undefined {
    return this.#texts[this.#last4.get(row)];
  }

  state(row: number): JournalState {
    return STATES[this.#state.get(row)] as JournalState;
  }

  tpn(row: number): string {
    return this.#texts[this.#tpn.get(row)] as string;
  }

  /**
   * By time, then by journal position: two entries written in the same millisecond keep the order
   * they were written in (a clock set back by hand can still reorder entries; the position cannot).
   */
  readonly #oldestFirst = (a: number, b: number): number =>
    this.#created.get(a) - this.#created.get(b) || this.#position.get(a) - this.#position.get(b);

  #addIntent(line: IntentLine, source: LineSource): void {
    if (this.has(line.id)) {
      this.warnings.push({ kind: 'corrupt-line', ...sourceOf(source), message: `A second intent with id ${line.id} was ignored.` });
      return;
    }
    const row = this.#count;
    this.#count += 1;
    this.#newestFirst = null;
    const entry: JournalEntry = {
      intent: line,
      createdMs: Date.parse(line.at),
      position: source.position,
      deadlineMs: Date.parse(line.deadlineAt),
      attempts: 0,
    };
    this.#rows.set(line.id, row);
    this.#held.set(row, entry);
    this.#created.set(row, entry.createdMs);
    this.#position.set(row, source.position);
    this.#deadline.set(row, entry.deadlineMs);
    this.#amount.set(row, line.amountCents);
    this.#approved.set(row, NaN);
    this.#intentOffset.set(row, source.offset ?? NO_TEXT);
    this.#intentLength.set(row, source.length ?? 0);
    this.#outcomePosition.set(row, NaN);
    this.#outcomeOffset.set(row, NO_TEXT);
    this.#attempts.set(row, 0);
    this.#state.set(row, 0);
    this.#tpn.set(row, this.#code(line.tpn));
    this.#last4.set(row, NO_TEXT);
    this.#unknown.set(row, NO_TEXT);
    const key = line.ref.toLowerCase();
    this.#refKeys[row] = key;
    if (line.ref !== key.toUpperCase()) this.#refSpellings.set(row, line.ref);
    this.#addUse(line.tpn, key, row);
    const early = this.#unmatched.get(line.id);
    if (early) {
      this.#unmatched.delete(line.id);
      this.#setOutcome(row, early.outcome, early.source);
    } else {
      this.#pending.add(row);
    }
    this.#settle(row, source);
  }

  #addUse(tpn: string, key: string, row: number): void {
    let refs = this.#byRef.get(tpn);
    if (!refs) this.#byRef.set(tpn, (refs = new Map()));
    const uses = refs.get(key);
    if (uses === undefined) refs.set(key, row);
    else if (Array.isArray(uses)) uses.push(row);
    else refs.set(key, [uses, row]);
  }

  #setOutcome(row: number, outcome: OutcomeLine, source: LineSource): void {
    const before = this.#state.get(row);
    if (before !== 0 && STATES[before] !== outcome.result) {
      this.warnings.push({
        kind: 'duplicate-outcome',
        ...sourceOf(source),
        message: `Entry ${this.ref(row)} had outcome ${STATES[before]}, then ${outcome.result}; the later one is kept.`,
      });
    }
    this.#state.set(row, STATES.indexOf(outcome.result));
    this.#approved.set(row, outcome.approvedCents ?? NaN);
    this.#last4.set(row, outcome.card ? this.#code(outcome.card.last4) : NO_TEXT);
    this.#outcomePosition.set(row, source.position);
    this.#outcomeOffset.set(row, source.offset ?? NO_TEXT);
    this.#outcomeLength.set(row, source.length ?? 0);
    const held = this.#held.get(row);
    if (held) held.outcome = outcome;
    this.#pending.delete(row);
    this.#settle(row, source);
  }

  /**
   * Drops the whole entry of a settled row whose intent and outcome can both be read back from
   * disk; a row touched by a line this session wrote (or kept in memory) stays held.
   */
  #settle(row: number, source: LineSource): void {
    if (source.offset === undefined && !source.copy) this.#keep.add(row);
    if (this.#keep.has(row) || this.#pending.has(row) || !this.#held.has(row)) return;
    if (this.#intentOffset.get(row) === NO_TEXT || this.#outcomeOffset.get(row) === NO_TEXT) return;
    this.#held.delete(row);
  }

  /** Every column, in the order an image lists them. */
  #columns(): Column<Numbers>[] {
    return [
      this.#created,
      this.#position,
      this.#deadline,
      this.#amount,
      this.#approved,
      this.#outcomePosition,
      this.#intentOffset,
      this.#intentLength,
      this.#outcomeOffset,
      this.#outcomeLength,
      this.#attempts,
      this.#state,
      this.#tpn,
      this.#last4,
      this.#unknown,
    ];
  }

  #code(text: string): number {
    let code = this.#textCodes.get(text);
    if (code === undefined) {
      code = this.#texts.length;
      this.#texts.push(text);
      this.#textCodes.set(text, code);
    }
    return code;
  }

  #known(id: string, source: LineSource, what: string): number | undefined {
    const row = this.#rows.get(id);
    if (row === undefined)
      this.warnings.push({
        kind: 'orphan-outcome',
        ...sourceOf(source),
        message: `${what} for entry ${id} has no intent; it was ignored.`,
      });
    return row;
  }
}

/** What a warning names of a line's source (not where its bytes sit). */
function sourceOf({ file, line, position }: LineSource): { file: string; line: number; position: number } {
  return { file, line, position };
}

/**
 * By time, then by journal position: two entries written in the same millisecond keep the order
 * they were written in (a clock set back by hand can still reorder entries; the position cannot).
 */
export function oldestFirst(a: JournalEntry, b: JournalEntry): number {
  return a.createdMs - b.createdMs || a.position - b.position;
}
