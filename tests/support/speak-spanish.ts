// Issue 41: tests that read what main answers in Spanish. Main speaks es-US during each test of the
// file (its messages loaded as main-language.ts loads them) and English again after it, so no other
// test of the worker reads Spanish by accident.
import { afterEach, beforeEach } from 'vitest';
import { readLanguageFrom } from '@shared/i18n/current-language';
import { BASE_LANGUAGE } from '@shared/i18n/languages';
import { loadLocaleMessages } from '@shared/i18n/paraglide/messages/_index.js';

export function speakSpanishInEachTest(): void {
  beforeEach(async () => {
    await loadLocaleMessages('es-US');
    readLanguageFrom(() => 'es-US');
  });
  afterEach(() => readLanguageFrom(() => BASE_LANGUAGE));
}
