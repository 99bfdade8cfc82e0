import type { FieldIssue } from '@shared/spin/validation';
import { WordedError, type Wording } from '../worded-error';

/**
 * The one error type of the SPIn client. `code` is stable and says what kind of failure it was;
 * `generalResponse` and `response` carry what the service said, when it said anything.
 * - REDIRECT: the service answered 3xx; the client never follows one (the body carries the Authkey).
 * - ABORTED: the caller's signal (the user's Stop) ended the exchange.
 */
export type SpinErrorCode =
  'NETWORK' | 'TIMEOUT' | 'HTTP_STATUS' | 'REDIRECT' | 'ABORTED' | 'BAD_RESPONSE' | 'TERMINAL' | 'PROXY' | 'BAD_INPUT';

export interface GeneralResponseLike {
  ResultCode: string;
  StatusCode: string;
  Message?: string | null | undefined;
  DetailedMessage?: string | null | undefined;
  DelayBeforeNextRequest?: number | null | undefined;
  HostResponseCode?: string | null | undefined;
  HostResponseMessage?: string | null | undefined;
}

export interface SpinErrorDetails {
  endpoint: string;
  httpStatus?: number;
  generalResponse?: GeneralResponseLike;
  /** The whole parsed response (for declines it still holds the record, card data and all). */
  response?: unknown;
  fields?: FieldIssue[];
  cause?: unknown;
  /**
   * True when the request provably never left this computer (the connection was never opened, the
   * TLS handshake failed, or the caller stopped before sending): nothing can have been processed.
   */
  notSent?: boolean;
  /** REDIRECT: where the service pointed, as scheme://host/path (query and credentials dropped); absent when the HTTP stack hides it. */
  redirectTo?: string;
  /** HTTP Retry-After of a 429 or 503, in seconds. */
  retryAfterSeconds?: number;
  /** Answer fields that could not be read and were left out (see shared/spin/lenient-parse.ts). */
  ignoredFields?: FieldIssue[];
  /** Technical words kept out of the message (a network error name): shown under Details. */
  detail?: string;
  /** HTTP_STATUS 404 for a route the service does not have (not-offered.ts): nothing was carried out. */
  notOffered?: boolean;
}

/** Its `message` is English (the request log keeps that for support); `shownMessage()` is the page's (WordedError). */
export class SpinError extends WordedError {
  readonly code: SpinErrorCode;
  readonly endpoint: string;
  readonly httpStatus: number | undefined;
  readonly generalResponse: GeneralResponseLike | undefined;
  readonly response: unknown;
  readonly fields: FieldIssue[] | undefined;
  readonly notSent: boolean;
  readonly redirectTo: string | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly ignoredFields: FieldIssue[] | undefined;
  readonly detail: string | undefined;
  readonly notOffered: boolean;
  constructor(code: SpinErrorCode, message: string | Wording, details: SpinErrorDetails) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'SpinError';
    this.code = code;
    this.endpoint = details.endpoint;
    this.httpStatus = details.httpStatus;
    this.generalResponse = details.generalResponse;
    this.response = details.response;
    this.fields = details.fields;
    this.notSent = details.notSent ?? false;
    this.redirectTo = details.redirectTo;
    this.retryAfterSeconds = details.retryAfterSeconds;
    this.ignoredFields = details.ignoredFields;
    this.detail = details.detail;
    this.notOffered = details.notOffered ?? false;
  }

  get statusCode(): string | undefined {
    return this.generalResponse?.StatusCode;
  }
}

export function isSpinError(value: unknown): value is SpinError {
  return value instanceof SpinError;
}
