/**
 * The one redactor: every log line, journal entry, export, diagnostics bundle, copy-as-curl
 * command and error message passes through it before it is written or shown.
 * - Authkeys: every key the vault has seen is replaced by a placeholder wherever it appears, and
 *   any field named like an Authkey is replaced whatever its value.
 * - Card data: never beyond first 4 / last 4. Track data is dropped; a card number (a run of 13-19
 *   digits that passes the Luhn check) keeps only its first and last four digits.
 */
export const AUTHKEY_PLACEHOLDER = '<AUTH_KEY>';
const TRACK_PLACEHOLDER = '[track data removed]';

const SECRET_KEYS = /^(auth_?key|authkey|password|secret|spintoken)$/i;
const TRACK_KEYS = /^(track1|track2|track3|trackdata|emvtags)$/i;
const ACCOUNT_KEYS = /^(account|cardnumber|pan|accountnumber)$/i;
/** The issuer number (first 6-8 digits) is more than first 4: it keeps its first 4. */
const BIN_KEYS = /^(bin|iin)$/i;

// Track 1 (%B<pan>^NAME^...?) and track 2 (;<pan>=<data>?) as they appear in raw card reads.
const TRACK_PATTERN = /%B\d{12,19}\^[^?]*\?|;\d{12,19}=[^?\s]*\??/g;
const DIGIT_RUN = /\d(?:[ -]?\d){12,18}/g;
// A card number masked by someone else but with more than 4 leading digits ("541333******5199", as
// receipts print it): cut to first 4, stars, last 4.
const MASKED_PAN = /\b(\d{4})(\d{1,11})([*Xx•]{2,})(\d{4})\b/g;

export class Redactor {
  readonly #secrets = new Set<string>();

  /** Registers a secret to scrub from everything; ignores values too short to scrub safely. */
  addSecret(secret: string): void {
    if (secret.length >= 6) this.#secrets.add(secret);
  }

  text(input: string): string {
    let output = input;
    for (const secret of this.#secrets) {
      if (output.includes(secret)) output = output.split(secret).join(AUTHKEY_PLACEHOLDER);
    }
    output = output.replace(TRACK_PATTERN, TRACK_PLACEHOLDER);
    output = output.replace(MASKED_PAN, (_all, first: string, more: string, stars: string, last: string) => `${first}${'*'.repeat(more.length + stars.length)}${last}`);
    return output.replace(DIGIT_RUN, (run) => maskCardNumber(run));
  }

  /** A deep copy with secrets and card data removed; safe to log, store or export. */
  value<T>(input: T): T {
    return this.#walk(input, undefined, new WeakSet()) as T;
  }

  #walk(value: unknown, key: string | undefined, seen: WeakSet<object>): unknown {
    if (key !== undefined && SECRET_KEYS.test(key)) return value === undefined || value === null || value === '' ? value : AUTHKEY_PLACEHOLDER;
    if (key !== undefined && TRACK_KEYS.test(key)) return value === undefined || value === null || value === '' ? value : TRACK_PLACEHOLDER;
    if (typeof value === 'string') {
      if (key !== undefined && BIN_KEYS.test(key)) return value.replace(/^(\d{4})\d+/, (_all, first: string) => `${first}**`);
      return key !== undefined && ACCOUNT_KEYS.test(key) ? maskAccount(this.text(value)) : this.text(value);
    }
    if (value === null || typeof value !== 'object') return value;
    if (seen.has(value)) return '[circular]';
    seen.add(value);
    if (value instanceof Error) return { name: value.name, message: this.text(value.message) };
    if (Array.isArray(value)) return value.map((item) => this.#walk(item, undefined, seen));
    const copy: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) copy[k] = this.#walk(v, k, seen);
    return copy;
  }
}

/** "4761739001010119" -> "4761********0119"; leaves digit runs that are not card numbers alone. */
function maskCardNumber(run: string): string {
  const digits = run.replace(/[ -]/g, '');
  if (digits.length < 13 || digits.length > 19 || !passesLuhn(digits)) return run;
  return `${digits.slice(0, 4)}${'*'.repeat(digits.length - 8)}${digits.slice(-4)}`;
}

/** An account field is masked even when it is not Luhn-valid (test cards, partial reads). */
function maskAccount(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits.length <= 8) return value;
  return `${digits.slice(0, 4)}${'*'.repeat(digits.length - 8)}${digits.slice(-4)}`;
}

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
