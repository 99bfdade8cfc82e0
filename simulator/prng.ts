// A small seeded PRNG (mulberry32) so a run with --seed produces the same auth codes, RRNs and
// cards every time. Its whole state is one uint32, which is what gets persisted in the state file.

const ALNUM = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
const HEX = '0123456789ABCDEF';

export class Prng {
  constructor(private state: number) {
    this.state = state >>> 0;
  }

  /** Current state, to persist and later resume the same sequence. */
  get seed(): number {
    return this.state;
  }

  /** Uniform float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  pick<T>(items: readonly [T, ...T[]]): T {
    return items[this.int(items.length)] ?? items[0];
  }

  private chars(alphabet: string, length: number): string {
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[this.int(alphabet.length)];
    return out;
  }

  digits(length: number): string {
    return this.chars('0123456789', length);
  }

  /** Upper-case letters and digits without the look-alikes I and O, like real approval codes. */
  alnum(length: number): string {
    return this.chars(ALNUM, length);
  }

  hex(length: number): string {
    return this.chars(HEX, length);
  }
}

/** FNV-1a: derives an independent per-terminal seed from the run seed and the TPN. */
export function deriveSeed(seed: number, label: string): number {
  let hash = 0x811c9dc5 ^ (seed >>> 0);
  for (let i = 0; i < label.length; i++) {
    hash ^= label.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
