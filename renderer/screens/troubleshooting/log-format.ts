import type { CheckStep, LogOutcome } from '@shared/ipc/diagnostics-views';

export const OUTCOME_LABELS: Record<LogOutcome, string> = {
  ok: 'OK',
  terminal: 'Terminal said no',
  service: 'Service refused',
  failed: 'No usable answer',
};

export const STEP_LABELS: Record<CheckStep['status'], string> = {
  pending: 'Waiting',
  running: 'Checking…',
  ok: 'OK',
  failed: 'Failed',
  skipped: 'Skipped',
};

/** "3/5/2026" in the computer's own date format: a log kept across days needs the day too. */
export function dateOf(iso: string): string {
  return new Date(iso).toLocaleDateString();
}

/** "Patio · TPN Z8SIM0000002", or the TPN alone once the profile is gone. */
export function terminalOf(entry: { profileName?: string | undefined; tpn: string }): string {
  return entry.profileName ? `${entry.profileName} · TPN ${entry.tpn}` : `TPN ${entry.tpn}`;
}

/** "14:03:12" in the computer's own clock format. */
export function timeOf(iso: string): string {
  return new Date(iso).toLocaleTimeString();
}

/** "120 ms" below two seconds, "2.4 s" above. */
export function duration(ms: number): string {
  return ms < 2000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** "1001 (1)" / "HTTP 502" / "—": the codes of one log entry in one short cell. */
export function codesOf(entry: {
  statusCode?: string | undefined;
  resultCode?: string | undefined;
  errorCode?: string | undefined;
}): string {
  if (entry.statusCode) return entry.resultCode ? `${entry.statusCode} (${entry.resultCode})` : entry.statusCode;
  return entry.errorCode ?? '—';
}

/** The standard words of the HTTP statuses a payment service answers with (RFC 9110 section 15). */
const HTTP_REASONS: Readonly<Record<number, string>> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  301: 'Moved Permanently',
  302: 'Found',
  303: 'See Other',
  307: 'Temporary Redirect',
  308: 'Permanent Redirect',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** "HTTP 404 Not Found", "HTTP 599", or "no HTTP answer". */
export function httpStatusText(status: number | undefined): string {
  if (status === undefined) return 'no HTTP answer';
  const reason = HTTP_REASONS[status];
  return reason ? `HTTP ${status} ${reason}` : `HTTP ${status}`;
}
