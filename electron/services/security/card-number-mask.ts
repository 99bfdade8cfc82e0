/**
 * The one card-number mask: every surface (result card, receipts on screen and in print, History,
 * CSV, request log, support bundle) shows a card number as its first 4 and last 4 digits with
 * stars between ("4761 7390 0101 0119" -> "4761********0119"), never more (PCI).
 *
 * A card number is 13-19 digits that pass the Luhn check, written as one run or in groups split by
 * spaces, dashes or dots (receipts and people write "4761 7390 0101 0119", "3782 822463 10005",
 * "4761-7390-0101-0119"). Groups after the first have at least 3 digits, so an amount and a date
 * ("1234.56 2026-11-22") are never read as one number; a run longer than 19 digits is no card.
 * A number someone else masked with more than first 4 ("476173******0119") is cut to first 4.
 */

/** A run of digits, or groups of them with one space, dash or dot between: a candidate, checked below. */
const CANDIDATE = /(?<!\d)\d{4,19}(?:[ .-]\d{3,15}){0,5}(?!\d)/g;
/** Masked by someone else, with more than 4 leading digits kept. */
const MASKED_LONGER = /(?<!\d)(\d{4})(\d{1,11})([*Xx•]{2,})(\d{4})(?!\d)/g;
const SEPARATOR = /[ .-]/;

/**
 * Every card number in `text` masked. `keep(at, text)` may spare one found at offset `at` (the
 * redactor spares a ReferenceId's value written as JSON).
 */
export function maskCardNumbers(text: string, keep?: (at: number, text: string) => boolean): string {
  const recut = text.replace(
    MASKED_LONGER,
    (_all, first: string, more: string, stars: string, last: string) => `${first}${'*'.repeat(more.length + stars.length)}${last}`,
  );
  return recut.replace(CANDIDATE, (run, at: number, whole: string) => {
    const card = leadingCardNumber(run);
    if (card === undefined || keep?.(at, whole)) return run;
    return `${starred(card.digits)}${run.slice(card.length)}`;
  });
}

/**
 * The card number a candidate starts with: all its groups, or fewer when the last ones are more
 * (a card number followed by a year). Undefined when no leading groups make one.
 */
function leadingCardNumber(run: string): { digits: string; length: number } | undefined {
  const groups = run.split(SEPARATOR);
  for (let count = groups.length; count > 0; count -= 1) {
    const digits = groups.slice(0, count).join('');
    if (digits.length < 13) return undefined;
    if (digits.length <= 19 && passesLuhn(digits)) {
      return { digits, length: groups.slice(0, count).join(' ').length };
    }
  }
  return undefined;
}

/**
 * A field that names itself a card number (Account, CardNumber, PAN) is masked even when it fails
 * the Luhn check (test cards, partial reads): its digits, first 4 and last 4 kept.
 */
export function maskAccountNumber(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length <= 8 ? value : starred(digits);
}

function starred(digits: string): string {
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
