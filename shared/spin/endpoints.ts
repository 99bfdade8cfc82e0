import type { z } from 'zod';
import { SettleRequest, SummaryRequest, DailyRequest } from './requests/batch';
import { CartRequest, PaymentInvoiceRequest, SelectInvoiceRequest } from './requests/display';
import { AddLevel3ItemRequest, RemoveLevel3ItemRequest } from './requests/level3';
import { OfflineStatusRequest, StatusListRequest, StatusRequest } from './requests/lookup';
import { AuthRequest, BalanceRequest, CaptureRequest, ReturnRequest, SaleRequest, TipAdjustRequest, VoidRequest } from './requests/payment';
import { DisclaimerRequest, GetCardRequest, GetSignatureRequest, UserChoiceRequest, UserInputRequest } from './requests/prompts';
import { AbortTransactionRequest, TerminalStatusRequest } from './requests/terminal';
import { DailyResponse, SettleResponse, SummaryResponse } from './responses/batch';
import { CartResponse, PaymentInvoiceResponse, SelectInvoiceResponse } from './responses/display';
import { AddLevel3ItemResponse, RemoveLevel3ItemResponse } from './responses/level3';
import { OfflineStatusResponse, StatusListResponse, StatusResponse } from './responses/lookup';
import {
  AuthResponse,
  BalanceResponse,
  CaptureResponse,
  ReturnResponse,
  SaleResponse,
  TipAdjustResponse,
  VoidResponse,
} from './responses/payment';
import { DisclaimerResponse, GetCardResponse, GetSignatureResponse, UserChoiceResponse, UserInputResponse } from './responses/prompts';
import { AbortTransactionResponse, TerminalStatusResponse } from './responses/terminal';

// The one list of SPIn v2 endpoints this app speaks, plus the few only its simulator serves
// (simulatorOnly). Client, simulator and UI all derive from it.

export interface EndpointDef {
  /** Path relative to the base URL, as the docs spell it (docs/PROTOCOL.md §4). */
  readonly path: `/v2/${string}`;
  readonly request: z.ZodType;
  readonly response: z.ZodType;
  /** True when a success changes what the card holder pays or is owed (or closes the batch). */
  readonly movesMoney: boolean;
  /** Seconds the proxy waits when SPInProxyTimeout is null (docs/PROTOCOL.md §9.1). */
  readonly defaultProxyTimeout: number;
  /** Every endpoint is a POST with a JSON body but TerminalStatus, a GET (docs/PROTOCOL.md §4.20). */
  readonly method: 'POST' | 'GET';
  /** GET only: request field -> query parameter. The request is checked as a body, then sent as a query. */
  readonly query?: Readonly<Record<string, string>>;
  /** Answered by the proxy without the terminal (no SPInProxyTimeout, no GeneralResponse for TerminalStatus). */
  readonly proxyOnly?: boolean;
  /**
   * The simulator serves it so other clients can be tested against it, but the app has no
   * operation for it (docs/PROTOCOL.md §4.21): no screen, channel or handler.
   */
  readonly simulatorOnly?: boolean;
}

const DEFAULT_TIMEOUT = 120;
const SETTLE_TIMEOUT = 420;

/** Keeps the literal path and movesMoney types so callers can narrow on them. */
function def<const P extends `/v2/${string}`, Req extends z.ZodType, Res extends z.ZodType, const M extends boolean = false>(
  path: P,
  request: Req,
  response: Res,
  movesMoney?: M,
) {
  return { path, request, response, movesMoney: (movesMoney ?? false) as M, defaultProxyTimeout: DEFAULT_TIMEOUT, method: 'POST' as const };
}

/**
 * How long a client waits for an endpoint the proxy answers itself (Abort, TerminalStatus): they
 * never wait on a customer, so a short deadline keeps a check from hanging (app's choice).
 */
const PROXY_ONLY_TIMEOUT = 10;

export const endpoints = {
  Sale: def('/v2/Payment/Sale', SaleRequest, SaleResponse, true),
  Auth: def('/v2/Payment/Auth', AuthRequest, AuthResponse, true),
  Capture: def('/v2/Payment/Capture', CaptureRequest, CaptureResponse, true),
  Return: def('/v2/Payment/Return', ReturnRequest, ReturnResponse, true),
  Void: def('/v2/Payment/Void', VoidRequest, VoidResponse, true),
  TipAdjust: def('/v2/Payment/TipAdjust', TipAdjustRequest, TipAdjustResponse, true),
  Balance: def('/v2/Payment/Balance', BalanceRequest, BalanceResponse),
  Status: def('/v2/Payment/Status', StatusRequest, StatusResponse),
  StatusList: def('/v2/Payment/StatusList', StatusListRequest, StatusListResponse),
  OfflineStatus: def('/v2/Payment/OfflineStatus', OfflineStatusRequest, OfflineStatusResponse),
  Settle: { ...def('/v2/Payment/Settle', SettleRequest, SettleResponse, true), defaultProxyTimeout: SETTLE_TIMEOUT },
  Summary: def('/v2/Report/Summary', SummaryRequest, SummaryResponse),
  Daily: def('/v2/Report/Daily', DailyRequest, DailyResponse),
  AddLevel3Item: def('/v2/L3Data/AddLevel3Item', AddLevel3ItemRequest, AddLevel3ItemResponse),
  RemoveLevel3Item: def('/v2/L3Data/RemoveLevel3Item', RemoveLevel3ItemRequest, RemoveLevel3ItemResponse),
  Cart: def('/v2/Payment/Cart', CartRequest, CartResponse),
  PaymentInvoice: def('/v2/TableApp/PaymentInvoice', PaymentInvoiceRequest, PaymentInvoiceResponse),
  SelectInvoice: def('/v2/TableApp/SelectInvoice', SelectInvoiceRequest, SelectInvoiceResponse),
  UserInput: def('/v2/Common/UserInput', UserInputRequest, UserInputResponse),
  UserChoice: def('/v2/Common/UserChoice', UserChoiceRequest, UserChoiceResponse),
  Disclaimer: { ...def('/v2/Common/Disclaimer', DisclaimerRequest, DisclaimerResponse), simulatorOnly: true },
  GetSignature: { ...def('/v2/Common/GetSignature', GetSignatureRequest, GetSignatureResponse), simulatorOnly: true },
  GetCard: def('/v2/Payment/GetCard', GetCardRequest, GetCardResponse),
  AbortTransaction: {
    ...def('/v2/Payment/AbortTransaction', AbortTransactionRequest, AbortTransactionResponse),
    defaultProxyTimeout: PROXY_ONLY_TIMEOUT,
    proxyOnly: true,
  },
  TerminalStatus: {
    ...def('/v2/Common/TerminalStatus', TerminalStatusRequest, TerminalStatusResponse),
    defaultProxyTimeout: PROXY_ONLY_TIMEOUT,
    method: 'GET',
    query: { Tpn: 'request.tpn', RegisterId: 'request.registerId', Authkey: 'request.authkey' },
    proxyOnly: true,
  },
} as const satisfies Record<string, EndpointDef>;

export type EndpointName = keyof typeof endpoints;
export type RequestOf<N extends EndpointName> = z.input<(typeof endpoints)[N]['request']>;
export type ResponseOf<N extends EndpointName> = z.output<(typeof endpoints)[N]['response']>;

export const endpointNames = Object.keys(endpoints) as EndpointName[];

/** Lower-cased path without trailing slashes, from '/v2/' on (a base such as '/spin' is ignored). */
function canonicalPath(path: string): string {
  const lowered = path
    .trim()
    .toLowerCase()
    .replace(/[?#].*$/, '')
    .replace(/\/+$/, '');
  // docs/PROTOCOL.md §1.2: paths are matched case-insensitively; GetCard is documented without a leading slash.
  const fromVersion = /(?:^|\/)(v2\/.*)$/.exec(lowered)?.[1];
  return fromVersion === undefined ? lowered : `/${fromVersion}`;
}

const byPath = new Map<string, EndpointName>(endpointNames.map((name) => [canonicalPath(endpoints[name].path), name]));

/** Which endpoint a request path names: case-insensitive, trailing slash and base prefix tolerated. */
export function endpointForPath(path: string): EndpointName | undefined {
  return byPath.get(canonicalPath(path));
}

/**
 * The query string of a GET endpoint's request, e.g. `?request.tpn=...&request.authkey=...`.
 * It carries the Authkey: every URL built with it is secret and must be redacted (queryRedacted).
 */
export function queryOf(name: EndpointName, body: Record<string, unknown>): string {
  const map = (endpoints[name] as EndpointDef).query;
  if (!map) return '';
  const params = new URLSearchParams();
  for (const [field, param] of Object.entries(map)) {
    const value = body[field];
    if (typeof value === 'string' && value !== '') params.set(param, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A URL with the value of every query parameter that names a key replaced: safe to log, copy and show. */
export function queryRedacted(url: string, marker = '<AUTH_KEY>'): string {
  // The value ends at the next parameter, fragment, whitespace or quote (a URL inside a shell command or a sentence).
  return url.replace(/([?&][^=&#\s'"]*auth[^=&#\s'"]*=)[^&#\s'"]*/gi, `$1${marker}`);
}
