import { z } from 'zod';

/**
 * Stable error codes that cross the process boundary. The renderer switches on these, never on
 * message text, so a handler failure never surfaces as "Error invoking remote method".
 */
export const ErrorCode = z.enum([
  'BAD_INPUT', // the input failed the contract's schema; `fields` says which and why
  'NOT_FOUND', // a profile or record the input names does not exist
  'NO_AUTHKEY', // the profile has no Authkey stored yet
  'NETWORK', // the terminal's service could not be reached
  'TIMEOUT', // no answer within the HTTP timeout
  'HTTP_STATUS', // the service answered with an unexpected HTTP status
  'REDIRECT', // the service answered with a redirect, which is never followed (the Authkey would go along)
  'ABORTED', // the request was stopped (the user's Stop) before its answer arrived
  'BAD_RESPONSE', // the service answered something we cannot parse
  'TERMINAL', // the terminal refused (ResultCode 1)
  'PROXY', // the SPIn proxy refused (ResultCode 2)
  'OUTCOME_UNKNOWN', // a money-moving request was sent and its answer was lost
  'JOURNAL_UNAVAILABLE', // the payment journal cannot be written (disk full or failing, read-only folder): nothing was sent
  'SETTINGS_NOT_SAVED', // a settings change could not be written (disk full, no free files, read-only, failing): the old settings stay in force
  'TERMINAL_BUSY', // this PC already waits on that terminal (busyWith names the request); nothing was sent
  'FORBIDDEN', // the caller may not use this channel (sender or token check)
  'WEAK_VAULT', // secrets would be stored without real encryption; ask the user first
  'UNSUPPORTED', // this shell cannot do it (printing through Electron, asked of the browser host)
  'PAYMENT_IN_FLIGHT', // a payment is being sent now: the journal cannot be restored until it has ended
  'INTERNAL', // a bug: logged, shown generically
  // Made by the renderer's transport alone: the page lost spin-desk's main process (the browser host
  // or Electron's main stopped) while a call was out, so nothing can be known of how it ended.
  'HOST_LOST',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const FieldError = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldError>;

export const AppError = z.object({
  code: ErrorCode,
  message: z.string(),
  fields: z.array(FieldError).optional(),
  /** SPIn status code and its catalogue entry, when the failure came from the service. */
  statusCode: z.string().optional(),
  remedy: z.string().optional(),
  /**
   * Technical words for the Details disclosure, never the headline: the service's own text, a
   * network error name (ECONNREFUSED). The message stays plain so a cashier can act on it.
   */
  detail: z.string().optional(),
  /** The request provably never left this computer (the connection was never opened): nothing can have happened. */
  notSent: z.boolean().optional(),
  /** TERMINAL_BUSY: the request from this PC the terminal is busy with, so the screen can link to it. */
  busyWith: z.object({ operation: z.string(), referenceId: z.string().optional(), profileId: z.string() }).optional(),
});
export type AppError = z.infer<typeof AppError>;

export type Envelope<T> = { ok: true; data: T } | { ok: false; error: AppError };
