import { ApiError } from './api';
import { errorMessage } from './error-message';

/**
 * A failed call as an ApiError, whatever was thrown: screens keep the code and remedy of an
 * ApiError to show, and anything else (a bug in the renderer) becomes INTERNAL with the calm
 * generic line of errorMessage.
 */
export function asApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError({ code: 'INTERNAL', message: errorMessage(error) });
}
