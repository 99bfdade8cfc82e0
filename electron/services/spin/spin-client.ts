import {
  endpoints,
  queryOf,
  queryRedacted,
  type EndpointDef,
  type EndpointName,
  type RequestOf,
  type ResponseOf,
} from '@shared/spin/endpoints';
import { GeneralResponse, liftGeneralResponse } from '@shared/spin/general-response';
import { parseLenient } from '@shared/spin/lenient-parse';
import ky from 'ky';
import * as m from '@shared/i18n/paraglide/messages/_index.js';
import { BASE_LANGUAGE } from '@shared/i18n/languages';
import { formatIssues, type FieldIssue } from '@shared/spin/validation';
import { Redactor } from '../security/redactor';
import { startDeadline, type Deadline } from './deadline';
import { nodeFetch } from './undici-fetch';
import { AnswerShape, describeBreach } from './answer-shape';
import { AnswerShapeError, BodyTooLargeError, readLimitedText } from './read-limited';
import { isNotOfferedAnswer, notOfferedMessage } from './not-offered';
import { readListsInSlices } from './sliced-read';
import { SpinError, type GeneralResponseLike } from './spin-error';
import type { Wording } from '../worded-error';
import { isHiddenRedirect, neverSentCode, transportCode, unreachableMessage } from './transport-failure';

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
  /** The address asked, with any key in its query already replaced (TerminalStatus, queryRedacted). */
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
  /** The same answer parsed (when it is JSON), so the log need not parse it again. Same secrecy as responseText. */
  response?: unknown;
  /** Answer fields that could not be read and were left out of the parsed answer. */
  ignoredFields?: FieldIssue[];
}

export interface SpinClientOptions {
  /**
   * The HTTP stack. Electron's main passes `net.fetch` (OS proxy settings and certificate store);
   * elsewhere the default is Node's fetch over undici Agents, with our own deadline instead of
   * undici's 300 s caps and a connection of its own for every POST (undici-fetch.ts).
   */
  fetch?: typeof fetch;
  onExchange?: (exchange: SpinExchange) => void;
  /** How much longer than SPInProxyTimeout the whole exchange may take before we give up (ms). */
  httpGraceMs?: number;
  /** Most bytes read of an answer; the Daily report of a 10,000-transaction batch is 1 to 2 MiB. */
  maxResponseBytes?: number;
  /** The caller's Stop: aborts the exchange at any point, the body read included. */
  signal?: AbortSignal;
  /**
   * The app's Redactor. Every answer is scrubbed of the Authkeys it knows (and always of this
   * target's own) before anything reads it, so a service that echoes the key in a message cannot
   * carry it into the journal, the screens or an export.
   */
  redactor?: Redactor;
}

type CredentialField = 'Tpn' | 'RegisterId' | 'Authkey';
/** The request body a caller writes: everything except what the client fills in from the target. */
export type SpinRequest<N extends EndpointName> = Omit<RequestOf<N>, CredentialField>;

/** A parsed answer, plus the fields that could not be read and were left out (none: absent). */
export type SpinAnswer<N extends EndpointName> = ResponseOf<N> & { ignoredFields?: FieldIssue[] };

const DEFAULT_GRACE_MS = 15_000;
const ACCEPT_JSON: Readonly<Record<string, string>> = { accept: 'application/json' };
/** The most bytes read at all; an answer may be parsed only up to the smaller MAX_BYTES (answer-shape.ts). */
const DEFAULT_MAX_RESPONSE = 32 * 1024 * 1024;
/**
 * From this many values up, the lists of an answer are read ahead in slices, letting the event
 * loop run in between (sliced-read.ts); a smaller answer is read in one go, in a few ms at most.
 */
const SLICED_FROM_VALUES = 20_000;

export type SpinClient = ReturnType<typeof createSpinClient>;

export function createSpinClient(target: SpinTarget, options: SpinClientOptions = {}) {
  // ky as a thin sender, built once per client: ky serialises the JSON body and sets its
  // content-type; everything else it could do is off. No retries (a money-moving POST sent twice can
  // charge a card twice; with none, ky 2 also skips the copy of the request it keeps for retrying), no timeout of its own (it stops counting once the headers are in, so
  // deadline.ts covers connect, headers and body instead), no throw on 4xx/5xx (interpret() reads
  // their GeneralResponse), no hooks. A 3xx comes back as it is (`redirect: 'manual'`): following
  // it would re-send the body, Authkey included, elsewhere.
  const http = ky.create({
    fetch: options.fetch ?? nodeFetch(),
    retry: 0,
    timeout: false,
    throwHttpErrors: false,
    redirect: 'manual',
    headers: ACCEPT_JSON,
  });
  const graceMs = options.httpGraceMs ?? DEFAULT_GRACE_MS;
  const maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE;
  const base = target.baseUrl.replace(/\/+$/, '');
  const redactor = options.redactor ?? new Redactor();
  redactor.addSecret(target.authkey);

  /**
   * Sends one request and returns the parsed answer when the service says ResultCode 0. Every
   * other outcome throws SpinError. It never retries and never follows a redirect: a
   * money-moving POST sent twice can charge a card twice, and one sent elsewhere hands the Authkey
   * to another host, so what to do after a failure is the caller's decision (see recovery).
   */
  async function call<N extends EndpointName>(name: N, request: SpinRequest<N>): Promise<SpinAnswer<N>> {
    const endpoint = endpoints[name];
    const body = withTarget(name, request);
    // zod refuses what is wrong with its field-and-rule message.
    const checked = endpoint.request.safeParse(body);
    if (!checked.success) {
      const fields = formatIssues(checked.error);
      const listed = fields.map((f) => `${f.path} ${f.message}`).join('; ');
      throw new SpinError('BAD_INPUT', (locale) => m.diag_spin_invalid_request({ endpoint: name, fields: listed }, { locale }), {
        endpoint: name,
        fields,
        notSent: true,
      });
    }
    // TerminalStatus is a GET with its credentials in the query (docs/PROTOCOL.md §4.20): that URL is a secret.
    const url = base + endpoint.path + queryOf(name, checked.data as Record<string, unknown>);
    const startedAt = Date.now();
    const exchange: SpinExchange = {
      endpoint: name,
      url: queryRedacted(url),
      tpn: target.tpn,
      startedAt,
      durationMs: 0,
      request: checked.data,
    };
    if (target.profileId) exchange.profileId = target.profileId;
    try {
      return (await send(name, url, checked.data, httpTimeout(name, checked.data), exchange)) as SpinAnswer<N>;
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

  /** The deadline of a request: its SPInProxyTimeout (or the endpoint's default) plus the grace. */
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
    const def: EndpointDef = endpoints[name];
    // The proxy answers Abort and TerminalStatus itself: no SPInProxyTimeout (and no body for the GET).
    const carriesTimeout = name !== 'Cart' && !def.proxyOnly;
    if (carriesTimeout && body.SPInProxyTimeout === undefined && target.proxyTimeoutSeconds !== undefined) {
      // Settle waits for the host to close the batch; never cut it shorter than its own default.
      body.SPInProxyTimeout = Math.max(target.proxyTimeoutSeconds, name === 'Settle' ? endpoints.Settle.defaultProxyTimeout : 0);
    }
    const carriesCustomFields = name !== 'Summary' && name !== 'Daily' && def.method === 'POST';
    if (carriesCustomFields && target.customFields) {
      body.CustomFields = { ...target.customFields, ...((body.CustomFields as object | undefined) ?? {}) };
    }
    return body;
  }

  /** One exchange under one deadline: connect, headers and body (deadline.ts). */
  async function send(name: EndpointName, url: string, json: unknown, timeoutMs: number, exchange: SpinExchange): Promise<unknown> {
    if (options.signal?.aborted)
      throw new SpinError('ABORTED', (locale) => m.diag_spin_stopped_before_sent({ endpoint: name }, { locale }), {
        endpoint: name,
        notSent: true,
      });
    const deadline = startDeadline(timeoutMs, options.signal);
    try {
      let response: Response;
      try {
        const get = endpoints[name].method === 'GET';
        response = await http(url, {
          method: get ? 'get' : 'post',
          ...(get ? {} : { json }),
          signal: deadline.signal,
        });
      } catch (error) {
        throw transportError(name, url, error, deadline, timeoutMs);
      }
      exchange.httpStatus = response.status;
      const redirect = redirectOf(response, url);
      if (redirect) {
        await response.body?.cancel().catch(() => undefined);
        throw redirectError(name, response.status, redirect.to);
      }
      // Caps on rows, nesting, values and bytes parsed, counted as the body arrives (docs/PROTOCOL.md §3.6).
      const shape = new AnswerShape();
      const text = await readBody(name, response, deadline, timeoutMs, shape);
      exchange.responseText = text;
      return await interpret(name, response, text, exchange, shape.values);
    } finally {
      deadline.clear();
    }
  }

  async function readBody(
    name: EndpointName,
    response: Response,
    deadline: Deadline,
    timeoutMs: number,
    shape: AnswerShape,
  ): Promise<string> {
    try {
      return await readLimitedText(response, maxBytes, deadline.signal, shape);
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        const mebibytes = error.mebibytes;
        throw new SpinError('BAD_RESPONSE', (locale) => m.diag_spin_too_large({ endpoint: name, mebibytes }, { locale }), {
          endpoint: name,
          httpStatus: response.status,
        });
      }
      if (error instanceof AnswerShapeError) {
        const breach = error.breach;
        throw new SpinError('BAD_RESPONSE', (locale) => describeBreach(name, breach, locale), {
          endpoint: name,
          httpStatus: response.status,
        });
      }
      if (deadline.expired) {
        throw new SpinError(
          'TIMEOUT',
          (locale) => m.diag_spin_unfinished_in_time({ endpoint: name, seconds: seconds(timeoutMs) }, { locale }),
          {
            endpoint: name,
            httpStatus: response.status,
            cause: error,
          },
        );
      }
      if (deadline.stopped)
        throw new SpinError('ABORTED', (locale) => m.diag_spin_stopped_while_arriving({ endpoint: name }, { locale }), {
          endpoint: name,
          httpStatus: response.status,
          cause: error,
        });
      // The connection broke after the status line: the request may well have been carried out.
      throw new SpinError('NETWORK', (locale) => m.diag_spin_broke_while_arriving({ endpoint: name }, { locale }), {
        endpoint: name,
        httpStatus: response.status,
        cause: error,
      });
    }
  }

  /**
   * Reads what the service said. Only GeneralResponse must be readable (lenient-parse.ts). `values`
   * is how many values the answer holds (answer-shape.ts): a big answer's lists are read in slices.
   */
  async function interpret(name: EndpointName, response: Response, text: string, exchange: SpinExchange, values: number): Promise<unknown> {
    const big = values >= SLICED_FROM_VALUES;
    const json = parseJson(text);
    if (json !== undefined) exchange.response = json;
    // JSON.parse of a big answer has just held the loop (up to ~100 ms at the caps): let others run.
    if (big) await nextTurn();
    // The deep copy that scrubs Authkeys only when the text could hold one (redactor.ts).
    const parsed = redactor.jsonMayHoldSecret(text) ? redactor.secretsIn(json) : json;
    if (response.status < 200 || response.status > 299) {
      const generalResponse = generalResponseOf(parsed);
      const retryAfterSeconds = retryAfter(response);
      const status = response.status;
      const said: Wording = (locale) =>
        generalResponse
          ? m.diag_spin_http_status_said({ endpoint: name, status, said: describe(generalResponse) }, { locale })
          : m.diag_spin_http_status({ endpoint: name, status }, { locale });
      // The one place a missing route is told apart: its message names the endpoint in plain words.
      const notOffered = isNotOfferedAnswer(response.status, parsed);
      throw new SpinError('HTTP_STATUS', notOffered ? (locale) => notOfferedMessage(name, locale) : said, {
        endpoint: name,
        httpStatus: response.status,
        ...(generalResponse ? { generalResponse } : {}),
        ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
        response: parsed,
        ...(notOffered ? { notOffered, detail: said(BASE_LANGUAGE) } : {}),
      });
    }
    const schema = endpoints[name].response;
    // The scan for keys (and any scrub) has held it again; then zod reads the lists a slice at a time.
    const ahead = big ? await nextTurn().then(() => readListsInSlices(schema, parsed)) : undefined;
    const result = parseLenient(schema, ahead ? ahead.value : parsed);
    if (!result.success) {
      const first = formatIssues(result.error)[0];
      const what = first && `${first.path || 'the body'} ${first.message}`;
      const words: Wording = (locale) =>
        what
          ? m.diag_spin_not_spin_answer({ endpoint: name, what }, { locale })
          : m.diag_spin_not_spin_body({ endpoint: name }, { locale });
      throw new SpinError('BAD_RESPONSE', words, {
        endpoint: name,
        httpStatus: response.status,
      });
    }
    const notes = ahead && ahead.ignored.length > 0 ? [...ahead.ignored, ...result.ignored] : result.ignored;
    const ignored = notes.length > 0 ? { ignoredFields: notes } : {};
    // zod's output is already a fresh object: copied again only to carry the notes.
    const data = (notes.length > 0 ? { ...(result.data as object), ...ignored } : result.data) as {
      GeneralResponse?: GeneralResponseLike;
    };
    if (notes.length > 0) exchange.ignoredFields = notes;
    const gr = data.GeneralResponse;
    // Only TerminalStatus may answer without one (its schema demands TerminalStatus then).
    if (gr === undefined) return data;
    exchange.resultCode = gr.ResultCode;
    exchange.statusCode = gr.StatusCode;
    if (gr.ResultCode === '0') return data;
    const code = gr.ResultCode === '1' ? 'TERMINAL' : 'PROXY';
    throw new SpinError(code, `${name}: ${describe(gr)}`, {
      endpoint: name,
      httpStatus: response.status,
      generalResponse: gr,
      response: data,
      ...ignored,
    });
  }

  return { call, timeoutMs, target: { baseUrl: base, tpn: target.tpn } };
}

/** A failure before any answer arrived: our deadline, the caller's Stop, a hidden redirect, or the network. */
function transportError(name: EndpointName, url: string, error: unknown, deadline: Deadline, timeoutMs: number): SpinError {
  if (deadline.expired)
    return new SpinError('TIMEOUT', (locale) => m.diag_spin_no_answer_within({ endpoint: name, seconds: seconds(timeoutMs) }, { locale }), {
      endpoint: name,
      cause: error,
    });
  if (deadline.stopped)
    return new SpinError('ABORTED', (locale) => m.diag_spin_stopped_before_answer({ endpoint: name }, { locale }), {
      endpoint: name,
      cause: error,
    });
  if (isHiddenRedirect(error)) return redirectError(name, undefined, undefined);
  const neverSent = neverSentCode(error);
  if (neverSent)
    return new SpinError('NETWORK', (locale) => unreachableMessage(url, neverSent, locale), {
      endpoint: name,
      cause: error,
      notSent: true,
      detail: neverSent,
    });
  const code = transportCode(error) ?? (error instanceof Error ? error.message : String(error));
  // The request may have been written before this happened, so it may have been carried out.
  return new SpinError('NETWORK', (locale) => m.diag_spin_failed_before_answer({ endpoint: name, code }, { locale }), {
    endpoint: name,
    cause: error,
  });
}

function redirectError(name: EndpointName, status: number | undefined, to: string | undefined): SpinError {
  const host = to && new URL(to).host;
  const words: Wording = (locale) => {
    const options = { locale };
    if (status) {
      return to && host
        ? m.diag_spin_redirect_status_to({ endpoint: name, status, host, to }, options)
        : m.diag_spin_redirect_status({ endpoint: name, status }, options);
    }
    return to && host ? m.diag_spin_redirect_to({ endpoint: name, host, to }, options) : m.diag_spin_redirect({ endpoint: name }, options);
  };
  return new SpinError('REDIRECT', words, {
    endpoint: name,
    ...(status ? { httpStatus: status } : {}),
    ...(to ? { redirectTo: to } : {}),
  });
}

/**
 * A redirect answer: any 3xx but 304, or the opaque kind a browser-style fetch returns for
 * redirect 'manual'. `to` is scheme://host/path only: a query or user:password part of the
 * Location may carry secrets and is never repeated.
 */
function redirectOf(response: Response, requestUrl: string): { to: string | undefined } | undefined {
  if (response.type === 'opaqueredirect') return { to: undefined };
  if (response.status < 300 || response.status > 399 || response.status === 304) return undefined;
  const location = response.headers.get('location');
  if (!location) return { to: undefined };
  try {
    const target = new URL(location, requestUrl);
    return { to: `${target.protocol}//${target.host}${target.pathname}` };
  } catch {
    return { to: undefined };
  }
}

/** Retry-After as seconds (delta-seconds or an HTTP date), when the answer carries one. */
function retryAfter(response: Response): number | undefined {
  const header = response.headers.get('retry-after')?.trim();
  if (!header) return undefined;
  if (/^\d+$/.test(header)) return Number(header);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The GeneralResponse of an error answer (4xx/5xx), read with the same rules as any other. */
function generalResponseOf(body: unknown): GeneralResponseLike | undefined {
  const gr = (liftGeneralResponse(body) as { GeneralResponse?: unknown } | null | undefined)?.GeneralResponse;
  const result = parseLenient(GeneralResponse, gr);
  return result.success ? result.data : undefined;
}

function describe(gr: GeneralResponseLike): string {
  const text = [gr.Message, gr.DetailedMessage].filter((part) => part && part.length > 0).join(' - ');
  return `${gr.StatusCode}${text ? ` ${text}` : ''}`;
}

const seconds = (ms: number) => Math.round(ms / 1000);
