/**
 * The one error type of the SPIn client. `code` is stable and says what kind of failure it was;
 * `generalResponse` and `response` carry what the service said, when it said anything.
 */
export type SpinErrorCode = 'NETWORK' | 'TIMEOUT' | 'HTTP_STATUS' | 'BAD_RESPONSE' | 'TERMINAL' | 'PROXY' | 'BAD_INPUT';

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
  fields?: { path: string; message: string }[];
  cause?: unknown;
}

export class SpinError extends Error {
  readonly code: SpinErrorCode;
  readonly endpoint: string;
  readonly httpStatus: number | undefined;
  readonly generalResponse: GeneralResponseLike | undefined;
  readonly response: unknown;
  readonly fields: { path: string; message: string }[] | undefined;

  constructor(code: SpinErrorCode, message: string, details: SpinErrorDetails) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'SpinError';
    this.code = code;
    this.endpoint = details.endpoint;
    this.httpStatus = details.httpStatus;
    this.generalResponse = details.generalResponse;
    this.response = details.response;
    this.fields = details.fields;
  }

  get statusCode(): string | undefined {
    return this.generalResponse?.StatusCode;
  }
}

export function isSpinError(value: unknown): value is SpinError {
  return value instanceof SpinError;
}
