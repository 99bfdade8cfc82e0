import { ApiError } from './api';

/**
 * One sentence for a failed call. ApiErrors already carry plain words from the main process;
 * anything else is a bug in the renderer and gets a calm generic line (details go to the console).
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.remedy ? `${error.message} ${error.remedy}` : error.message;
  console.error(error);
  return 'Something went wrong inside spin-desk. Try again; if it keeps happening, restart the app.';
}

/** Any failure as an ApiError (what the screens keep and switch on): a stray error becomes INTERNAL in the calm words above. */
export function asApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError({ code: 'INTERNAL', message: errorMessage(error) });
}
