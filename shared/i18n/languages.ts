/**
 * The languages spin-desk speaks: the locales of i18n/project.inlang/settings.json, English first
 * (the base: every message exists in it). tests/lint/message-catalogue.test.ts keeps the two lists
 * equal. Plain data: the main process, the renderer and the contract all read it.
 */
export const LANGUAGES = ['en', 'es-US'] as const;
export type Language = (typeof LANGUAGES)[number];

export const BASE_LANGUAGE: Language = 'en';

/** Each language in its own words, for the pickers (a reader of either finds theirs). */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', 'es-US': 'Español' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The language for a PC that has not chosen one: the first of the system's or browser's preferred
 * languages (BCP 47 tags, most wanted first) that spin-desk speaks: any Spanish (es, es-MX, es-419)
 * is es-US; English, or none known, is English.
 */
export function languageOfTags(tags: readonly string[]): Language {
  for (const tag of tags) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    if (primary === 'es') return 'es-US';
    if (primary === 'en') return 'en';
  }
  return BASE_LANGUAGE;
}
