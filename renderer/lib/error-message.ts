import { ApiError } from './api';
import { m } from './i18n/messages';

/**
 * One sentence for a failed call. ApiErrors already carry plain words from the main process;
 * anything else is a bug in the renderer and gets a calm generic line (details go to the console).
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.remedy ? `${error.message} ${error.remedy}` : error.message;
  console.error(error);
  return m.lib_something_wrong();
}
