import { BASE_LANGUAGE, type Language } from '@shared/i18n/languages';

/** A message said in either language, worded when it is called. */
export type Wording = (language?: Language) => string;

/**
 * An error a person may be shown. Its `message` is English, for the log, the request log and the
 * journal's own lines, which support reads; `shownMessage()` words it when it is shown, in the
 * language main speaks then (or the one asked for), so an error made at start and answered later
 * is in the language of the answer. SpinError, JournalWriteError and UpdatePolicyError are ones.
 */
export class WordedError extends Error {
  readonly #wording: Wording;

  constructor(wording: string | Wording, options?: ErrorOptions) {
    const say: Wording = typeof wording === 'string' ? () => wording : wording;
    super(say(BASE_LANGUAGE), options);
    this.#wording = say;
  }

  shownMessage(language?: Language): string {
    return this.#wording(language);
  }
}
