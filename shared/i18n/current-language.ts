import { BASE_LANGUAGE, type Language } from './languages';

// The one place every message function and formatter reads the language from. The renderer hands
// in its reactive choice (renderer/lib/i18n/language.svelte.ts), so what a template shows follows
// a switch; the main process hands in the one it speaks (electron/services/settings/main-language.ts).
//
// Paraglide's compiled messages import getLocale and experimentalStaticLocale from here:
// scripts/compile-messages.mjs points their import at this module instead of Paraglide's
// runtime.js, whose locale detection (cookies, URLs, storage, server requests; nothing this app
// uses) would add 8 kB gzipped to the page's first load.

let source: () => Language = () => BASE_LANGUAGE;

/** Where the language is read from from now on. */
export function readLanguageFrom(next: () => Language): void {
  source = next;
}

export function currentLanguage(): Language {
  return source();
}

/** Paraglide's name for it. */
export const getLocale = currentLanguage;

/** Paraglide's per-language builds fix the language at build time; spin-desk ships one build for both. */
export const experimentalStaticLocale: Language | undefined = undefined;
