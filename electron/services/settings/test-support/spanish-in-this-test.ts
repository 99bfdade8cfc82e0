import { onTestFinished } from 'vitest';
import { readLanguageFrom } from '@shared/i18n/current-language';
import { BASE_LANGUAGE } from '@shared/i18n/languages';
import { loadLocaleMessages } from '@shared/i18n/paraglide/messages/_index.js';

/**
 * Main speaks Spanish (es-US) for the rest of the running test, as after a choice over app:language
 * (settings/main-language.ts), and English again once the test ends, whether it passed or not.
 */
export async function speakSpanishInThisTest(): Promise<void> {
  await loadLocaleMessages('es-US');
  readLanguageFrom(() => 'es-US');
  onTestFinished(() => readLanguageFrom(() => BASE_LANGUAGE));
}
