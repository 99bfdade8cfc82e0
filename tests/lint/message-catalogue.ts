import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { REPO_ROOT } from './outside-citations';

// Issue 41, item 4: every message in every language, with the same named parameters, so a switch
// never shows a key, an English sentence in the middle of Spanish, or "{amount}" unfilled.

export const PROJECT_SETTINGS = 'i18n/project.inlang/settings.json';

export type Catalogue = Record<string, unknown>;

/** The languages the inlang project declares, base first. */
export function projectLocales(): { baseLocale: string; locales: string[] } {
  return JSON.parse(readFileSync(posix.join(REPO_ROOT, PROJECT_SETTINGS), 'utf8')) as { baseLocale: string; locales: string[] };
}

export function readCatalogue(locale: string): Catalogue {
  return JSON.parse(readFileSync(posix.join(REPO_ROOT, `i18n/messages/${locale}.json`), 'utf8')) as Catalogue;
}

/** The messages of a catalogue (its "$schema" is not one). */
function messageKeys(catalogue: Catalogue): string[] {
  return Object.keys(catalogue).filter((key) => key !== '$schema');
}

/** The named parameters a message reads: "{terminal}" -> terminal (in a plain text or in every variant of one). */
export function parametersOf(message: unknown): string[] {
  const text = typeof message === 'string' ? message : JSON.stringify(message ?? '');
  return [...new Set([...text.matchAll(/\{\s*(\w+)\s*\}/g)].map((match) => match[1] ?? ''))].sort();
}

/** Every key missing from a language, every message left empty, and every message whose parameters differ from the base's. */
export function catalogueProblems(catalogues: Record<string, Catalogue>, baseLocale: string): string[] {
  const problems: string[] = [];
  const base = catalogues[baseLocale] ?? {};
  const keys = new Set(Object.values(catalogues).flatMap(messageKeys));
  for (const [locale, catalogue] of Object.entries(catalogues)) {
    for (const key of keys) {
      if (!(key in catalogue)) {
        problems.push(`${locale}: ${key} is missing`);
        continue;
      }
      const message = catalogue[key];
      if (typeof message === 'string' && message.trim() === '') problems.push(`${locale}: ${key} is empty`);
      if (locale === baseLocale || !(key in base)) continue;
      const expected = parametersOf(base[key]).join(', ');
      const actual = parametersOf(message).join(', ');
      if (actual !== expected) problems.push(`${locale}: ${key} reads {${actual}} where ${baseLocale} reads {${expected}}`);
    }
  }
  return problems;
}
