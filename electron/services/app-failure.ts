import type { AppError, ErrorCode, FieldError } from '@shared/ipc/envelope';

/**
 * A failure a handler means to report: it reaches the renderer as { ok: false, error } with its
 * code intact. Anything else a handler throws is a bug and is reported as INTERNAL.
 */
export class AppFailure extends Error {
  readonly detail: AppError;

  constructor(
    code: ErrorCode,
    message: string,
    extra: { fields?: FieldError[]; statusCode?: string; remedy?: string; busyWith?: AppError['busyWith'] } = {},
  ) {
    super(message);
    this.name = 'AppFailure';
    this.detail = { code, message, ...extra };
  }
}
