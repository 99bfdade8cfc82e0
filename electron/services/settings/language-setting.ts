import { isLanguage, type Language } from '@shared/i18n/languages';
import type { LanguageChoice } from '@shared/ipc/language-views';
import type { KeyValueStore } from './key-value-store';

/** The settings key of the language this PC remembers. */
const KEY = 'language';

export interface LanguageSetting {
  /** The language remembered; null when none was chosen yet (or the stored value is not one spin-desk speaks). */
  read(): LanguageChoice;
  /** Remembers the language (SETTINGS_NOT_SAVED when the settings cannot be written). */
  choose(language: Language): LanguageChoice;
}

/**
 * The person's language, one per PC, in the app's settings beside the terminals: the renderer reads
 * it at start (app:language), the picker and the Electron menu set it. `onChosen` tells the shell
 * (the Electron menu checks the language chosen, from either place).
 */
export function languageSetting(store: KeyValueStore, onChosen: (language: Language) => void = () => undefined): LanguageSetting {
  return {
    read: () => {
      const stored = store.get(KEY);
      return { language: isLanguage(stored) ? stored : null };
    },
    choose: (language) => {
      store.set(KEY, language);
      onChosen(language);
      return { language };
    },
  };
}
