import { readLanguageFrom } from '@shared/i18n/current-language';
import { BASE_LANGUAGE, languageOfTags, type Language } from '@shared/i18n/languages';
import { loadLocaleMessages } from '@shared/i18n/paraglide/messages/_index.js';
import { api } from '../api';

/**
 * How often the page asks main which language this PC remembers while the window is visible: Help →
 * Language in the Electron menu changes it from outside the page (a local call, like app:storage's).
 */
export const LANGUAGE_POLL_MS = 2000;

/**
 * The language the page speaks. Reactive: every message function (lib/i18n/messages.ts) and every
 * formatter of shared/i18n/format.ts reads `current` (shared/i18n/current-language.ts), so a switch re-renders the words and figures
 * in place. Nothing is remounted or reloaded: a form being filled, a payment waiting on the
 * customer, a dialog open all stay as they are.
 */
class AppLanguage {
  /** English until another language's messages (a chunk of their own) are in. */
  current = $state<Language>(BASE_LANGUAGE);
  /** The last one asked for: a slower, older switch that finishes late does not win. */
  #wanted: Language = BASE_LANGUAGE;

  /** Shows the page in `language` once its messages are loaded. */
  async show(language: Language): Promise<void> {
    this.#wanted = language;
    await loadLocaleMessages(language);
    if (this.#wanted !== language) return;
    this.current = language;
    document.documentElement.lang = language;
  }

  /**
   * At start: the language this PC remembers, else the system's (the browser's preferred
   * languages). Never rejects: a failed read or a chunk that did not arrive leaves English.
   */
  async start(): Promise<void> {
    const remembered = await api.app.language(undefined).then(
      (choice) => choice.language,
      () => null,
    );
    await this.show(remembered ?? languageOfTags(navigator.languages)).catch(() => undefined);
  }

  /** The person chose: shown at once, then remembered on this PC. Rejects when it could not be remembered. */
  async choose(language: Language): Promise<void> {
    await this.show(language);
    await api.app.language({ language });
  }

  /** Takes up a language chosen elsewhere (the Electron menu); none remembered keeps the one shown. */
  async follow(): Promise<void> {
    const { language } = await api.app.language(undefined);
    if (language && language !== this.#wanted) await this.show(language);
  }

  /** Follows the remembered language while the page is open; returns the stop. */
  watch(): () => void {
    const follow = () => {
      if (!document.hidden) this.follow().catch(() => undefined);
    };
    const timer = setInterval(follow, LANGUAGE_POLL_MS);
    window.addEventListener('focus', follow);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', follow);
    };
  }
}

export const appLanguage = new AppLanguage();

// Every message function and formatter reads the page's language, and no other source.
readLanguageFrom(() => appLanguage.current);
