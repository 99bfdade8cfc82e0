// The one list of SPIn v2 endpoints this app speaks, plus the few only its simulator serves
// (simulatorOnly): names, paths and kinds, without a single schema. The renderer reads this file
// (which endpoints move money, their names for the log filter) and so never bundles the request
// and response schemas; endpoints.ts adds the schemas to exactly these names for the main process
// and the simulator.

export interface EndpointRoute {
  /** Path relative to the base URL, as the docs spell it (docs/PROTOCOL.md §4). */
  readonly path: `/v2/${string}`;
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
function route<const P extends `/v2/${string}`, const M extends boolean = false>(path: P, movesMoney?: M) {
  return { path, movesMoney: (movesMoney ?? false) as M, defaultProxyTimeout: DEFAULT_TIMEOUT, method: 'POST' as const };
}

/**
 * How long a client waits for an endpoint the proxy answers itself (Abort, TerminalStatus): they
 * never wait on a customer, so a short deadline keeps a check from hanging (app's choice).
 */
const PROXY_ONLY_TIMEOUT = 10;

export const endpointRoutes = {
  Sale: route('/v2/Payment/Sale', true),
  Auth: route('/v2/Payment/Auth', true),
  Capture: route('/v2/Payment/Capture', true),
  Return: route('/v2/Payment/Return', true),
  Void: route('/v2/Payment/Void', true),
  TipAdjust: route('/v2/Payment/TipAdjust', true),
  Balance: route('/v2/Payment/Balance'),
  Status: route('/v2/Payment/Status'),
  StatusList: route('/v2/Payment/StatusList'),
  OfflineStatus: route('/v2/Payment/OfflineStatus'),
  Settle: { ...route('/v2/Payment/Settle', true), defaultProxyTimeout: SETTLE_TIMEOUT },
  Summary: route('/v2/Report/Summary'),
  Daily: route('/v2/Report/Daily'),
  AddLevel3Item: route('/v2/L3Data/AddLevel3Item'),
  RemoveLevel3Item: route('/v2/L3Data/RemoveLevel3Item'),
  Cart: route('/v2/Payment/Cart'),
  PaymentInvoice: route('/v2/TableApp/PaymentInvoice'),
  SelectInvoice: route('/v2/TableApp/SelectInvoice'),
  UserInput: route('/v2/Common/UserInput'),
  UserChoice: route('/v2/Common/UserChoice'),
  Disclaimer: { ...route('/v2/Common/Disclaimer'), simulatorOnly: true },
  GetSignature: { ...route('/v2/Common/GetSignature'), simulatorOnly: true },
  GetCard: route('/v2/Payment/GetCard'),
  AbortTransaction: { ...route('/v2/Payment/AbortTransaction'), defaultProxyTimeout: PROXY_ONLY_TIMEOUT, proxyOnly: true },
  TerminalStatus: {
    ...route('/v2/Common/TerminalStatus'),
    defaultProxyTimeout: PROXY_ONLY_TIMEOUT,
    method: 'GET',
    query: { Tpn: 'request.tpn', RegisterId: 'request.registerId', Authkey: 'request.authkey' },
    proxyOnly: true,
  },
} as const satisfies Record<string, EndpointRoute>;

export type EndpointName = keyof typeof endpointRoutes;

export const endpointNames = Object.keys(endpointRoutes) as EndpointName[];

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

const byPath = new Map<string, EndpointName>(endpointNames.map((name) => [canonicalPath(endpointRoutes[name].path), name]));

/** Which endpoint a request path names: case-insensitive, trailing slash and base prefix tolerated. */
export function endpointForPath(path: string): EndpointName | undefined {
  return byPath.get(canonicalPath(path));
}

/**
 * The query string of a GET endpoint's request, e.g. `?request.tpn=...&request.authkey=...`.
 * It carries the Authkey: every URL built with it is secret and must be redacted (queryRedacted).
 */
export function queryOf(name: EndpointName, body: Record<string, unknown>): string {
  const map = (endpointRoutes[name] as EndpointRoute).query;
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
