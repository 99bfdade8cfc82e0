import type { ApiError } from './api';
import { asApiError } from './as-api-error';

/** Runs a call for a screen's state: null when it went through, else what failed, as an ApiError to show. */
export async function failureOf(call: () => Promise<unknown>): Promise<ApiError | null> {
  try {
    await call();
    return null;
  } catch (error) {
    return asApiError(error);
  }
}
