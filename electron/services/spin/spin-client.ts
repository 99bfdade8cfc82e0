import ky, { TimeoutError } from 'ky';
import { endpoints, type EndpointName, type RequestOf, type ResponseOf } from '../../../shared/spin/endpoints';
import { formatIssues } from '../../../shared/spin/validation';
import { BodyTooLargeError, readLimitedText } from './read-limited';
import { SpinError, type GeneralResponseLike } from './spin-error';

/** Credentials and defaults of one terminal. Filled into every request by the client. */
export interface SpinTarget {
  baseUrl: string;
  tpn: string;
  registerId?: string;
  authkey: string;
  /** Default SPInProxyTimeout in seconds when a request does not set its own. */
  proxyTimeoutSeconds?: number;
  customFields?: Record<string, string>;
  /** The profile these credentials belong to; only for the request log, never sent. */
  profileId?: string;
}

/**
 * One finished exchange, for the request log and the terminal's last known state. It carries the
 * request body as sent (Authkey included) and the raw answer (card data included): a consumer MUST
 * pass both through the Redactor before keeping or showing anything (diagnostics/request-log.ts).
 */
export interface SpinExchange {
  endpoint: EndpointName;
  url: string;
  tpn: string;
  profileId?: string;
  startedAt: number;
  durationMs: number;
  httpStatus?: number;
  resultCode?: string;
  statusCode?: string;
  errorCode?: SpinError['code'];
  errorMessage?: string;
  /** The validated request body exactly as it was posted. Secret: redact before storing. */
  request?: unknown;
  /** The answer's text as received (up to the size limit). May hold card data: redact before storing. */
  responseText?: string;
}

export interface SpinClientOptions {
  fetch?: typeof fetch;
  onExchange?: (exchange: SpinExchange) => void;
  /** How much longer than SPInProxyTimeout the HTTP call may take before we give up (ms). */
  httpGraceMs?: number;
  /** Largest answer accepted; the Daily report of a 10,000-transaction batch is about 2 MiB. */
  maxResponseBytes?: number;
  signal?: AbortSignal;
}

type CredentialField = 'Tpn' | 'RegisterId' | 'Authkey';
/** The request body a caller writes: everything except what the client fills in from the target. */
export type SpinRequest<N extends EndpointName> = Omit<RequestOf<N>, CredentialField>;

const DEFAULT_GRACE_MS = 15_000;
const DEFAULT_MAX_RESPONSE = 32 * 1024 * 1024;

export type SpinClient = ReturnType<typeof createSpinClient>;

export function createSpinClient(target: SpinTarget, options: SpinClientOptions = {}) {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const graceMs = options.httpGraceMs ?? DEFAULT_GRACE_MS;
  const maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE;
  const base = target.baseUrl.replace(/\/+$/, '');

  /**
   * Sends one request and returns the parsed answer when the service says ResultCode 0. Every
   * other outcome throws SpinError. It never retries: a money-moving POST sent twice can charge
   * a card twice, so what to do after a failure is the caller's decision (see recovery).
   */
  async function call<N extends EndpointName>(name: N, request: SpinRequest<N>): Promise<ResponseOf<N>> {
    const endpoint = endpoints[name];
    const body = withTarget(name, request);
    const checked = endpoint.request.safeParse(body);
    if (!checked.success) {
      const fields = formatIssues(checked.error);
      throw new SpinError('BAD_INPUT', `${name} request is invalid: ${fields.map((f) => `${f.path} ${f.message}`).join('; ')}`, {
        endpoint: name,
        fields,
      });
    }
    const url = base + endpoint.path;
    const startedAt = Date.now();
    const exchange: SpinExchange = { endpoint: name, url, tpn: target.tpn, startedAt, durationMs: 0, request: checked.data };
    if (target.profileId) exchange.profileId = target.profileId;
    try {
      const response = await send(name, url, checked.data, httpTimeout(name, checked.data), exchange);
      return response as ResponseOf<N>;
    } catch (error) {
      if (error instanceof SpinError) {
        exchange.errorCode = error.code;
        exchange.errorMessage = error.message;
      }
      throw error;
    } finally {
      exchange.durationMs = Date.now() - startedAt;
      options.onExchange?.(exchange);
    }
  }

  /** The HTTP timeout of a request: its SPInProxyTimeout (or the endpoint's default) plus the grace. */
  function httpTimeout(name: EndpointName, body: unknown): number {
    const proxySeconds = (body as { SPInProxyTimeout?: number | null }).SPInProxyTimeout ?? endpoints[name].defaultProxyTimeout;
    return proxySeconds * 1000 + graceMs;
  }

  /** How long call() would wait for this request at most (ms); recovery uses it to know when a lost request can no longer be in flight. */
  function timeoutMs<N extends EndpointName>(name: N, request: SpinRequest<N>): number {
    return httpTimeout(name, withTarget(name, request));
  }

  function withTarget<N extends EndpointName>(name: N, request: SpinRequest<N>): Record<string, unknown> {
    const body: Record<string, unknown> = { ...request, Tpn: target.tpn, Authkey: target.authkey };
    if (target.registerId) body.RegisterId = target.registerId;
    const carriesTimeout = name !== 'Cart';
    if (carriesTimeout && body.SPInProxyTimeout === undefined && target.proxyTimeoutSeconds !== undefined) {
      // Settle waits for the host to close the batch; never cut it shorter than its own default.
      body.SPInProxyTimeout = Math.max(target.proxyTimeoutSeconds, name === 'Settle' ? endpoints.Settle.defaultProxyTimeout : 0);
    }
    const carriesCustomFields = name !== 'Summary' && name !== 'Daily';
    if (carriesCustomFields && target.customFields) {
      body.CustomFields = { ...target.customFields, ...((body.CustomFields as object | undefined) ?? {}) };
    }
    return body;
  }

  async function send(name: EndpointName, url: string, json: unknown, timeoutMs: number, exchange: SpinExchange): Promise<unknown> {
    let response: Response;
    try {
      response = await ky.post(url, {
        json,
        timeout: timeoutMs,
        retry: 0,
        throwHttpErrors: false,
        fetch: fetchImpl,
        ...(options.signal ? { signal: options.signal } : {}),
      });
    } catch (error) {
      if (error instanceof TimeoutError) {
        throw new SpinError('TIMEOUT', `No answer from ${name} within ${Math.round(timeoutMs / 1000)} s`, { endpoint: name, cause: error });
      }
      throw new SpinError('NETWORK', `Could not reach the terminal service: ${describeNetworkError(error)}`, { endpoint: name, cause: error });
    }
    exchange.httpStatus = response.status;
    const text = await readBody(name, response);
    exchange.responseText = text;
    const parsed = parseJson(text);
    const generalResponse = extractGeneralResponse(parsed);
    if (response.status < 200 || response.status > 299) {
      throw new SpinError('HTTP_STATUS', `${name} answered HTTP ${response.status}${generalResponse ? `: ${describe(generalResponse)}` : ''}`, {
        endpoint: name,
        httpStatus: response.status,
        ...(generalResponse ? { generalResponse } : {}),
        response: parsed,
      });
    }
    const result = endpoints[name].response.safeParse(parsed);
    if (!result.success) {
      throw new SpinError('BAD_RESPONSE', `${name} answered something that is not a SPIn response (${formatIssues(result.error)[0]?.path ?? 'body'})`, {
        endpoint: name,
        httpStatus: response.status,
      });
    }
    const data = result.data as { GeneralResponse: GeneralResponseLike };
    const gr = data.GeneralResponse;
    exchange.resultCode = gr.ResultCode;
    exchange.statusCode = gr.StatusCode;
    if (gr.ResultCode === '0') return data;
    const code = gr.ResultCode === '1' ? 'TERMINAL' : 'PROXY';
    throw new SpinError(code, `${name}: ${describe(gr)}`, { endpoint: name, httpStatus: response.status, generalResponse: gr, response: data });
  }

  async function readBody(name: EndpointName, response: Response): Promise<string> {
    try {
      return await readLimitedText(response, maxBytes);
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        throw new SpinError('BAD_RESPONSE', `${name}: ${error.message}`, { endpoint: name, httpStatus: response.status });
      }
      // The connection broke after the status line: the request may well have been carried out.
      throw new SpinError('NETWORK', `${name}: the connection broke while the answer was arriving`, { endpoint: name, cause: error });
    }
  }

  return { call, timeoutMs, target: { baseUrl: base, tpn: target.tpn } };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function extractGeneralResponse(body: unknown): GeneralResponseLike | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const gr = (body as { GeneralResponse?: unknown }).GeneralResponse;
  if (gr === null || typeof gr !== 'object') return undefined;
  const { ResultCode, StatusCode, Message, DetailedMessage } = gr as Record<string, unknown>;
  return {
    ResultCode: String(ResultCode ?? ''),
    StatusCode: String(StatusCode ?? ''),
    Message: typeof Message === 'string' ? Message : undefined,
    DetailedMessage: typeof DetailedMessage === 'string' ? DetailedMessage : undefined,
  };
}

function describe(gr: GeneralResponseLike): string {
  const text = [gr.Message, gr.DetailedMessage].filter((part) => part && part.length > 0).join(' - ');
  return `${gr.StatusCode}${text ? ` ${text}` : ''}`;
}

function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code) return cause.code;
  return error instanceof Error ? error.message : String(error);
}
