// The history index finds a row by entry id for every outcome, attempt and note it loads. A Map
// keyed by 100,000 id strings costs about 80 bytes an entry; the ids the journal writes are
// lower-case UUIDs (crypto.randomUUID), so they are kept as their 128 bits in four Int32 columns
// with an open-addressing table of row numbers instead (about 24 bytes an entry). Any other id
// (written by hand, an older tool, a test) goes to a plain Map: both are exact, no id is ever
// confused with another.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** An id table as plain data another thread can take: four words per row (zero for the other ids), and the other ids. */
export interface IdImage {
  words: Int32Array;
  others: [string, number][];
}

export class IdTable {
  #words: Int32Array<ArrayBufferLike> = new Int32Array(4 * 1024);
  /** Row + 1 per slot (0 = empty); its length is a power of two, kept at most half full. */
  #slots = new Int32Array(2048);
  #used = 0;
  readonly #others = new Map<string, number>();

  get(id: string): number | undefined {
    if (!UUID.test(id)) return this.#others.get(id);
    const key = wordsOf(id);
    const slot = this.#find(key);
    const value = this.#slots[slot] as number;
    return value === 0 ? undefined : value - 1;
  }

  /** Adds an id not in the table yet (the caller checks with get first). */
  set(id: string, row: number): void {
    if (!UUID.test(id)) {
      this.#others.set(id, row);
      return;
    }
    const key = wordsOf(id);
    if (4 * row + 4 > this.#words.length) this.#words = grown(this.#words, 4 * row + 4);
    this.#words.set(key, 4 * row);
    if (2 * (this.#used + 1) > this.#slots.length) this.#rehash(this.#slots.length * 2);
    this.#slots[this.#find(key)] = row + 1;
    this.#used += 1;
  }

  /** Whether the table holds this id. */
  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  /** The ids of rows 0 to count - 1. */
  image(count: number): IdImage {
    // Rows with another id at the end have no words yet: the copy is zero there.
    const words = new Int32Array(4 * count);
    words.set(this.#words.subarray(0, Math.min(words.length, this.#words.length)));
    return { words, others: [...this.#others] };
  }

  /** Adds every id of an image, each row moved by `offset`; none may be in the table yet. */
  addAll(image: IdImage, offset: number): void {
    const rows = image.words.length / 4;
    const needed = 4 * (offset + rows);
    if (needed > this.#words.length) this.#words = grown(this.#words, needed);
    let size = this.#slots.length;
    while (2 * (this.#used + rows) > size) size *= 2;
    if (size > this.#slots.length) this.#rehash(size);
    const others = new Set(image.others.map(([, row]) => row));
    for (const [id, row] of image.others) this.#others.set(id, offset + row);
    // One key array reused for every row: a subarray per row would be 100,000 objects at 100,000 entries.
    const key = new Int32Array(4);
    for (let row = 0; row < rows; row += 1) {
      if (others.has(row)) continue;
      for (let word = 0; word < 4; word += 1) key[word] = image.words[4 * row + word] as number;
      this.#words.set(key, 4 * (offset + row));
      this.#slots[this.#find(key)] = offset + row + 1;
      this.#used += 1;
    }
  }

  /** The slot holding `key`, or the empty slot where it would go (linear probing). */
  #find(key: Int32Array): number {
    const mask = this.#slots.length - 1;
    let slot = hash(key) & mask;
    for (;;) {
      const value = this.#slots[slot] as number;
      if (value === 0 || this.#matches(value - 1, key)) return slot;
      slot = (slot + 1) & mask;
    }
  }

  #matches(row: number, key: Int32Array): boolean {
    const at = 4 * row;
    const words = this.#words;
    return words[at] === key[0] && words[at + 1] === key[1] && words[at + 2] === key[2] && words[at + 3] === key[3];
  }

  #rehash(size: number): void {
    const old = this.#slots;
    this.#slots = new Int32Array(size);
    const mask = size - 1;
    for (const value of old) {
      if (value === 0) continue;
      const at = 4 * (value - 1);
      let slot = hash(this.#words.subarray(at, at + 4)) & mask;
      while (this.#slots[slot] !== 0) slot = (slot + 1) & mask;
      this.#slots[slot] = value;
    }
  }
}

/** The 32 hex digits of a UUID as four 32-bit words. */
function wordsOf(id: string): Int32Array {
  const hex = id.replaceAll('-', '');
  const words = new Int32Array(4);
  for (let i = 0; i < 4; i += 1) words[i] = Number.parseInt(hex.slice(8 * i, 8 * i + 8), 16) | 0;
  return words;
}

function hash(key: Int32Array): number {
  // Random UUIDs are evenly spread already; mixing the words guards against ids that share parts.
  return (
    Math.imul((key[0] as number) ^ Math.imul(key[1] as number, 0x9e3779b1) ^ (key[2] as number) ^ (key[3] as number), 0x85ebca6b) >>> 0
  );
}

function grown(values: Int32Array<ArrayBufferLike>, needed: number): Int32Array<ArrayBufferLike> {
  const next = new Int32Array(Math.max(needed, Math.ceil(values.length * 1.5)));
  next.set(values);
  return next;
}
