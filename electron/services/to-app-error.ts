import * as m from '@shared/i18n/paraglide/messages/_index.js';
import type { AppError } from '@shared/ipc/envelope';
import { AppFailure } from './app-failure';
import { JournalWriteError } from './journal/journal-errors';
import type { Redactor } from './security/redactor';
import { SpinError } from './spin/spin-error';
import { spinErrorToAppError } from './spin/spin-error-to-app-error';

export interface ToAppErrorOptions {
  /** Cuts card numbers (and, with the app's Redactor, Authkeys) out of what a service said. */
  redactor?: Pick<Redactor, 'text'>;
  /** The words for a failure spin-desk did not expect (a bug); by default it is named, not hidden. */
  unexpected?: (error: unknown) => AppError;
}

/** A bug inside one terminal's part of a Store run: named, so the row says what broke. */
function namedBug(error: unknown): AppError {
  return { code: 'INTERNAL', message: m.main_unexpected({ reason: error instanceof Error ? error.message : String(error) }) };
}

/**
 * The one mapping from a thrown failure to the envelope's error: dispatch answers a channel with
 * it, and a Store run over many terminals words each terminal's failure with it, so a failure reads
 * the same on a row of the Store screen as it does alone. Only a bug is worded by the caller.
 */
export function toAppError(error: unknown, { redactor, unexpected = namedBug }: ToAppErrorOptions = {}): AppError {
  if (error instanceof AppFailure) return error.detail;
  if (error instanceof SpinError) return spinErrorToAppError(error, redactor);
  // The journal could not be read or written (a damaged page History met, its file moved): its
  // own words, naming the file, never "Something went wrong".
  if (error instanceof JournalWriteError) return { code: 'JOURNAL_UNAVAILABLE', message: error.shownMessage(), remedy: error.remedy };
  return unexpected(error);
}
