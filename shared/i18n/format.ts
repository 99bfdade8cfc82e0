import { currentLanguage } from './current-language';
import type { Language } from './languages';

// Numbers, money and dates in the person's language through Intl: the decimal mark, the grouping
// and the order of day and month follow the language; the currency is always US dollars. Machine
// formats (CSV, the wire) never come through here (shared/csv.ts, shared/spin/money.ts). Without
// a language passed, each reads the current one (current-language.ts), so a figure in a template
// is formatted again when the language changes.

/** Intl's tag for each language: English is the US store's (3/4/2026, $1,234.56). */
const INTL_TAG: Record<Language, string> = { en: 'en-US', 'es-US': 'es-US' };

/** Intl formatters are costly to build and a report formats thousands of figures: one per language and kind. */
function cached<T>(build: (tag: string) => T): (language: Language) => T {
  const made = new Map<Language, T>();
  return (language) => {
    let formatter = made.get(language);
    if (!formatter) made.set(language, (formatter = build(INTL_TAG[language])));
    return formatter;
  };
}

const dollars = cached((tag) => new Intl.NumberFormat(tag, { style: 'currency', currency: 'USD' }));
const plain = cached((tag) => new Intl.NumberFormat(tag, { maximumFractionDigits: 2 }));
// The fields toLocaleString() shows by default: 3/4/2026, 3:05:09 PM (4/3/2026, 3:05:09 p.m. in Spanish).
const DAY = { year: 'numeric', month: 'numeric', day: 'numeric' } as const;
const HOUR_MINUTE = { hour: 'numeric', minute: '2-digit' } as const;
const CLOCK = { ...HOUR_MINUTE, second: '2-digit' } as const;
const dateTime = cached((tag) => new Intl.DateTimeFormat(tag, { ...DAY, ...CLOCK }));
const date = cached((tag) => new Intl.DateTimeFormat(tag, DAY));
const time = cached((tag) => new Intl.DateTimeFormat(tag, CLOCK));
const hourMinute = cached((tag) => new Intl.DateTimeFormat(tag, HOUR_MINUTE));

/**
 * Integer cents as US dollars: "$1,234.56", "-$1.00". Formatted from the exact decimal text (Intl
 * reads a numeric string without going through a double), so every whole number of cents prints
 * exactly; a zero is never "-$0.00".
 */
export function formatCents(cents: number, language: Language = currentLanguage()): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Cents must be a whole number, got ${cents}`);
  const abs = Math.abs(cents);
  const decimal = `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  // TypeScript's lib types format() with numbers only; ES2023 Intl takes a decimal string as well.
  return dollars(language).format(decimal as unknown as number);
}

/** A count or a plain figure with the language's grouping and decimal mark (up to 2 decimals). */
export function formatNumber(value: number, language: Language = currentLanguage()): string {
  return plain(language).format(value);
}

type When = string | number | Date;

/** A time that is not one (a damaged field) is shown as it came rather than failing the page. */
function formatWhen(formatter: Intl.DateTimeFormat, when: When): string {
  const moment = new Date(when);
  return Number.isNaN(moment.getTime()) ? String(when) : formatter.format(moment);
}

/** Date and time of day (seconds included), short, in this computer's time zone. */
export function formatDateTime(when: When, language: Language = currentLanguage()): string {
  return formatWhen(dateTime(language), when);
}

export function formatDate(when: When, language: Language = currentLanguage()): string {
  return formatWhen(date(language), when);
}

/** Time of day with seconds, as "fetched at" and "last answer" say it. */
export function formatTime(when: When, language: Language = currentLanguage()): string {
  return formatWhen(time(language), when);
}

/** Time of day to the minute ("3:05 PM"), for a list read at a glance; its detail says the seconds. */
export function formatHourMinute(when: When, language: Language = currentLanguage()): string {
  return formatWhen(hourMinute(language), when);
}
