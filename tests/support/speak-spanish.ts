// Issue 41: tests that read what main answers in Spanish. Main speaks es-US (its messages loaded as
// main-language.ts loads them, as after a choice over app:language) and English again once the
// test ends, whether it passed or not, so no other test of the worker reads Spanish by accident.
import { beforeEach, onTestFinished } from 'vitest';
import { readLanguageFrom } from '@shared/i18n/current-language';
import { BASE_LANGUAGE } from '@shared/i18n/languages';
import { loadLocaleMessages } from '@shared/i18n/paraglide/messages/_index.js';

/** Main speaks Spanish for the rest of the running test. */
export async function speakSpanishInThisTest(): Promise<void> {
  await loadLocaleMessages('es-US');
  readLanguageFrom(() => 'es-US');
  onTestFinished(() => readLanguageFrom(() => BASE_LANGUAGE));
}

/** Main speaks Spanish in every test of the file. */
export function speakSpanishInEachTest(): void {
  beforeEach(speakSpanishInThisTest);
}
