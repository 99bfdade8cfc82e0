import type { CheckStep, LogEntryView, LogOutcome } from '@shared/ipc/diagnostics-views';
import { formatDate, formatNumber, formatTime } from '@shared/i18n/format';
import { m, wordSaid } from '../../lib/i18n/messages';

// Labels are message functions, called where shown, so they follow a language switch.

export const OUTCOME_LABELS: Record<LogOutcome, () => string> = {
  ok: m.trouble_outcome_ok,
  terminal: m.trouble_outcome_terminal,
  service: m.trouble_outcome_service,
  failed: m.trouble_outcome_failed,
};

export const STEP_LABELS: Record<CheckStep['status'], () => string> = {
  pending: m.trouble_step_pending,
  running: m.trouble_checking,
  ok: m.trouble_step_ok,
  failed: m.trouble_step_failed,
  skipped: m.trouble_step_skipped,
};

/** What a request meant, in the page's language; an entry kept before it had its Said shows the English it was kept with. */
export function meaningOf(entry: Pick<LogEntryView, 'explanation' | 'explanationSaid'>): string {
  return wordSaid(entry.explanationSaid, entry.explanation);
}

/** What to do about the entry's status code, in the page's language when main gave its Said, else the English the log kept. */
export function remedyOf(entry: Pick<LogEntryView, 'remedy' | 'remedySaid'>): string | undefined {
  return entry.remedy && wordSaid(entry.remedySaid, entry.remedy);
}

/** "3/5/2026" in the language's date order: a log kept across days needs the day too. */
export function dateOf(iso: string): string {
  return formatDate(iso);
}

/** "Patio · TPN Z8SIM0000002", or the TPN alone once the profile is gone. */
export function terminalOf(entry: { profileName?: string | undefined; tpn: string }): string {
  return entry.profileName
    ? m.trouble_terminal_named({ terminal: entry.profileName, tpn: entry.tpn })
    : m.trouble_terminal_tpn({ tpn: entry.tpn });
}

/** "2:03:12 PM" in the language's clock format. */
export function timeOf(iso: string): string {
  return formatTime(iso);
}

/** "120 ms" below two seconds, "2.4 s" above. */
export function duration(ms: number): string {
  return ms < 2000
    ? m.trouble_duration_ms({ ms: formatNumber(ms) })
    : m.trouble_duration_s({ seconds: formatNumber(Math.round(ms / 100) / 10) });
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

/** "HTTP 404 Not Found", "HTTP 599", or "no HTTP answer". The reason phrases are the protocol's own, as support reads them. */
export function httpStatusText(status: number | undefined): string {
  if (status === undefined) return m.trouble_no_http();
  const reason = HTTP_REASONS[status];
  return reason ? `HTTP ${status} ${reason}` : `HTTP ${status}`;
}
