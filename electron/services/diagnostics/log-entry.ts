import { BASE_LANGUAGE } from '@shared/i18n/languages';
import { z } from 'zod';
import { LogEntryView, type LogOutcome } from '@shared/ipc/diagnostics-views';
import * as m from '@shared/i18n/paraglide/messages/_index.js';
import { englishOf, knownSaid, said, type Said, type SaidKey } from '@shared/ipc/said';
import { centsOrNull } from '@shared/spin/terminal-amounts';
import { queryRedacted } from '@shared/spin/endpoints';
import { personalDataInText } from '../security/personal-data';
import type { Redactor } from '../security/redactor';
import type { SpinExchange } from '../spin/spin-client';
import { printedPrefix } from './printed-prefix';

// One request-log entry, built from a SPIn exchange. This is the only place the raw exchange is
// read: everything kept comes out of the Redactor (no Authkey, card numbers at most first 4 / last
// 4, track data, cardholder names, expiry dates, card tokens and signatures replaced), so nothing
// unredacted is ever stored, shown or written to disk.

/** What the log keeps per request: the view plus the redacted bodies. */
// LogEntryView is a zod/mini object (the renderer reads it): its fields, extended here in classic zod.
// Its remedySaid is not kept: viewOf gives it from the status code.
const { remedySaid: _givenWhenViewed, ...viewFields } = LogEntryView.shape;
export const StoredEntry = z.object({
  ...viewFields,
  /**
   * Checked once, when the entry is loaded from the file (each line is parsed with this): a Said a
   * later spin-desk wrote, naming no sentence this one has, is dropped there, not the entry with it,
   * and its English shows. Listing the log then checks nothing again (viewOf).
   */
  explanationSaid: z.optional(z.unknown().transform((value) => knownSaid(value as Said | undefined))),
  /** The redacted request body (Authkey = <AUTH_KEY>), for the detail view and copy-as-curl. */
  request: z.unknown(),
  response: z.string(),
  truncated: z.boolean(),
});
export type StoredEntry = z.infer<typeof StoredEntry>;

/** What went wrong on the way, by the client's error code, when the error itself said nothing. */
const NO_ANSWER: Record<string, SaidKey> = {
  NETWORK: 'said_w_log_network',
  TIMEOUT: 'said_w_log_timeout',
  HTTP_STATUS: 'said_w_log_http_status',
  BAD_RESPONSE: 'said_w_log_bad_response',
};

export function toStoredEntry(exchange: SpinExchange, redactor: Redactor, id: string, maxBodyChars: number, poll = false): StoredEntry {
  const parsed = exchange.response ?? parseJson(exchange.responseText);
  const general = generalResponseOf(parsed);
  const statusCode = exchange.statusCode || general?.StatusCode || undefined;
  const resultCode = exchange.resultCode || general?.ResultCode || statusCode?.charAt(0) || undefined;
  const meaning = meaningOf(exchange, statusCode, connectionOf(parsed), redactor);
  // Only the beginning of a long answer is kept, so only about that much is redacted and printed (a
  // Daily report of 10,000 rows would otherwise be scrubbed and printed whole to keep 64 KiB of it).
  const response =
    parsed === undefined
      ? redactor.text(exchange.responseText ?? '')
      : JSON.stringify(redactor.value(printedPrefix(parsed, maxBodyChars)), null, 2);
  const truncated = response.length > maxBodyChars;
  return {
    id,
    at: new Date(exchange.startedAt).toISOString(),
    durationMs: Math.max(0, Math.round(exchange.durationMs)),
    endpoint: exchange.endpoint,
    // TerminalStatus carries the Authkey in its query: replaced whether or not the Redactor knows the key.
    url: queryRedacted(redactor.text(exchange.url)),
    tpn: redactor.text(exchange.tpn),
    ...(exchange.profileId ? { profileId: exchange.profileId } : {}),
    ...(poll ? { poll } : {}),
    ...requestKeys(exchange.request, redactor),
    ...(exchange.httpStatus !== undefined ? { httpStatus: exchange.httpStatus } : {}),
    ...(resultCode ? { resultCode } : {}),
    ...(statusCode ? { statusCode } : {}),
    ...(general?.Message ? { message: redactedMessage(parsed, redactor) } : {}),
    outcome: meaning.connection ? (meaning.connection === 'Online' ? 'ok' : 'service') : logOutcome(resultCode),
    explanation: meaning.english,
    ...(meaning.said ? { explanationSaid: meaning.said } : {}),
    ...(statusCode ? { remedy: englishOf(remedySaid(statusCode)) } : {}),
    ...(exchange.errorCode ? { errorCode: exchange.errorCode } : {}),
    request: redactor.value(exchange.request ?? null),
    response: truncated
      ? `${response.slice(0, maxBodyChars)}\n… [cut: the answer had ${exchange.responseText?.length ?? response.length} characters]`
      : response,
    truncated,
  };
}

/**
 * An entry kept by an older spin-desk, which left cardholder names, expiry dates, card tokens and
 * signatures in the answer: removed as the log is loaded. Its Authkeys and card numbers were
 * redacted when it was written. The same entry comes back when there was nothing to remove.
 */
export function withoutPersonalData(entry: StoredEntry): StoredEntry {
  const response = personalDataInText(entry.response);
  return response === entry.response ? entry : { ...entry, response };
}

/**
 * The reference and amount the request carried, for the table's key columns and grouping. The
 * reference is spin-desk's own and is shown whole, whatever digits it has, so it can be found.
 */
function requestKeys(request: unknown, redactor: Redactor): { referenceId?: string; amountCents?: number } {
  const body = (request ?? {}) as { ReferenceId?: unknown; Amount?: unknown };
  const referenceId = typeof body.ReferenceId === 'string' && body.ReferenceId !== '' ? redactor.ownText(body.ReferenceId) : undefined;
  // A request schema admits only money-shaped Amounts; anything else simply is not shown.
  const amountCents = centsOrNull('Amount', body.Amount) ?? undefined;
  return { ...(referenceId ? { referenceId } : {}), ...(amountCents === undefined ? {} : { amountCents }) };
}

/**
 * What the entry means: its English, which the log file and the support bundle keep as they always
 * did, and the Said the page words it from in its language (docs/ARCHITECTURE.md, "What main
 * words"). A failure's own message has no Said (the client keeps its words only as English): the
 * page shows that English. `connection` only when TerminalStatus answered one.
 */
function meaningOf(
  exchange: SpinExchange,
  statusCode: string | undefined,
  connection: string | undefined,
  redactor: Redactor,
): { english: string; said?: Said; connection?: string } {
  const failure = exchange.errorMessage ? redactor.text(exchange.errorMessage) : undefined;
  const answered = connection !== undefined && !exchange.errorCode;
  const meaning: Said | undefined = statusCode
    ? said('said_w_log_code', { code: statusCode })
    : answered
      ? said('said_w_log_connection', { connection: redactor.text(connection) })
      : failure === undefined
        ? said(NO_ANSWER[exchange.errorCode ?? ''] ?? 'said_w_log_nothing')
        : undefined;
  // The answer's fields the client could not read and left out, for whoever troubleshoots the service.
  const fields = exchange.ignoredFields ?? [];
  const leftOut = fields.length === 0 ? undefined : redactor.text(fields.map((f) => `${f.path} ${f.message}`).join('; '));
  const whole = meaning && leftOut !== undefined ? said('said_w_log_left_out', { meaning, fields: leftOut }) : meaning;
  // A failure's message is English already: with what was left out, worded as a Said would be, in English.
  const english = whole
    ? englishOf(whole)
    : leftOut === undefined
      ? failure!
      : m.said_w_log_left_out({ meaning: failure!, fields: leftOut }, { locale: BASE_LANGUAGE });
  return { english, ...(whole ? { said: whole } : {}), ...(answered ? { connection } : {}) };
}

function logOutcome(resultCode: string | undefined): LogOutcome {
  if (resultCode === '0') return 'ok';
  if (resultCode === '1') return 'terminal';
  if (resultCode === '2') return 'service';
  return 'failed';
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined || text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** TerminalStatus's answer carries no GeneralResponse, only the connection (docs/PROTOCOL.md §4.20). */
function connectionOf(body: unknown): string | undefined {
  const value = (body as { TerminalStatus?: unknown } | null | undefined)?.TerminalStatus;
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function generalResponseOf(body: unknown): { ResultCode?: string; StatusCode?: string; Message?: string } | undefined {
  const gr = (body as { GeneralResponse?: unknown } | null | undefined)?.GeneralResponse;
  if (gr === null || typeof gr !== 'object') return undefined;
  const { ResultCode, StatusCode, Message } = gr as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined);
  return { ResultCode: text(ResultCode), StatusCode: text(StatusCode), Message: text(Message) };
}

/**
 * GeneralResponse's Message, redacted together with the other texts of GeneralResponse: a key
 * split across Message and DetailedMessage is then cut from both (redactor.ts).
 */
function redactedMessage(body: unknown, redactor: Redactor): string | undefined {
  const gr = (body as { GeneralResponse?: unknown } | null | undefined)?.GeneralResponse;
  return generalResponseOf({ GeneralResponse: redactor.value(gr) })?.Message;
}

/** The entry without its bodies, for the table. */
export function viewOf(entry: StoredEntry): LogEntryView {
  const { request: _request, response: _response, truncated: _truncated, explanationSaid, ...view } = entry;
  // Made here (toStoredEntry) or checked as it was loaded (StoredEntry): no unknown key is left.
  if (!explanationSaid) return view;
  // The remedy is the code catalogue's (toStoredEntry), so its Said is the code's. Given only beside
  // a meaning's Said: an entry kept before the log had Saids keeps its English remedy, as it keeps
  // its English meaning.
  const remedy = view.remedy && view.statusCode ? { remedySaid: remedySaid(view.statusCode) } : {};
  return { ...view, explanationSaid, ...remedy };
}

/** What to do about a status code, as a Said: English in the log (toStoredEntry), the page's language on the page. */
function remedySaid(statusCode: string): Said {
  return said('said_w_log_code_remedy', { code: statusCode });
}

/** The entry with its bodies as text, for the detail view and the support bundle. */
export function detailOf(entry: StoredEntry): LogEntryView & { request: string; response: string; truncated: boolean } {
  return { ...viewOf(entry), request: JSON.stringify(entry.request, null, 2), response: entry.response, truncated: entry.truncated };
}

/**
 * Each entry with the name its terminal's profile has now, for the log's Terminal column and the
 * support bundle: with seven terminals a TPN alone cannot be placed. Names are looked up when the
 * log is read, so a renamed terminal reads under its new name; a deleted one keeps its TPN only.
 */
export function withProfileNames<T extends LogEntryView>(entries: readonly T[], profiles: readonly { id: string; name: string }[]): T[] {
  const names = new Map(profiles.map((profile) => [profile.id, profile.name]));
  return entries.map((entry) => {
    const profileName = entry.profileId ? names.get(entry.profileId) : undefined;
    return profileName ? { ...entry, profileName } : entry;
  });
}
