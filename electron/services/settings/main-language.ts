import { readLanguageFrom } from '@shared/i18n/current-language';
import { BASE_LANGUAGE, languageOfTags, type Language } from '@shared/i18n/languages';
import type { LanguageChoice } from '@shared/ipc/language-views';
import { loadLocaleMessages } from '@shared/i18n/paraglide/messages/_index.js';
import type { LanguageSetting } from './language-setting';

// Main words what it answers to a request just made (an error with its remedy, a code's
// explanation, the menu) in the language of that moment: the one this PC remembers, else the
// system's, as the page does. Every message function of the main process reads it through
// shared/i18n/current-language.ts. Anything stored and shown later (the journal) keeps codes and
// figures, never words: the page words those when it shows them.

let spoken: Language = BASE_LANGUAGE;
/** The last one asked for: a slower, older switch that finishes late does not win. */
let wanted: Language = BASE_LANGUAGE;
readLanguageFrom(() => spoken);

/** Main speaks `language` from now on, once its messages (a module of their own) are loaded. */
async function speak(language: Language): Promise<void> {
  wanted = language;
  await loadLocaleMessages(language);
  if (wanted === language) spoken = language;
}

/**
 * Main speaks, from the start, the language this PC remembers, else the first of `systemTags`
 * spin-desk speaks. Settles once it does; a language whose messages cannot be loaded leaves main in
 * English rather than failing the start.
 */
export function speakAtStart(systemTags: readonly string[], remembered: Language | null = null): Promise<void> {
  return speak(remembered ?? languageOfTags(systemTags)).catch(() => undefined);
}

export interface SpokenLanguage {
  read(): LanguageChoice;
  /** Remembers the language, and answers once main speaks it (so the next answer is worded in it). */
  choose(language: Language): Promise<LanguageChoice>;
  /** Settles once main speaks the language it started in. */
  ready: Promise<void>;
}

/**
 * The language setting, with main kept in step with it: at start (the remembered language, else
 * the first of `systemTags` spin-desk speaks) and on every choice. `onChosen` is told after main
 * speaks the new language, so a menu built then is in it.
 */
export function spokenLanguage(
  setting: LanguageSetting,
  systemTags: readonly string[],
  onChosen: (language: Language) => void = () => undefined,
): SpokenLanguage {
  return {
    read: () => setting.read(),
    choose: async (language) => {
      const choice = setting.choose(language);
      await speak(language);
      onChosen(language);
      return choice;
    },
    ready: speakAtStart(systemTags, setting.read().language),
  };
}
