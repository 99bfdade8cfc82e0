import { currentLanguage } from '@shared/i18n/current-language';
import { BASE_LANGUAGE, type Language } from '@shared/i18n/languages';
import * as m from '@shared/i18n/paraglide/messages/_index.js';
import { explainCode } from '@shared/spin/codes';
import { ruleWords } from '@shared/spin/rule-words';
import { z } from '../zod-mini';

// A sentence main STORES and the page shows later (a recovery's reason, a refusal's outcome line):
// kept in English as it always was (support reads the journal, the CSV and the log), and beside it
// the catalogue key and named parameters that say the same, so that the page words it in the
// language it speaks when it shows it, and again after a switch (docs/ARCHITECTURE.md, "What main
// words"). Parameters are codes, figures and names, or another Said (a reason inside a sentence),
// never English words. Stored lines written before a sentence had its Said keep showing their English.

/** What a request log entry's status code means ("Approved: the payment went through."), in the code catalogue's words. */
function codeMeaning({ code }: { code: string }, options: { locale?: Language } = {}): string {
  const { label, explanation } = explainCode(code, undefined, options.locale);
  return m.main_code_message({ label, explanation }, options);
}

/** What to do about a request log entry's status code, in the code catalogue's words. */
function codeRemedy({ code }: { code: string }, options: { locale?: Language } = {}): string {
  return explainCode(code, undefined, options.locale).remedy;
}

/**
 * The catalogue's messages a Said may name (and codeMeaning and codeRemedy, which word a status
 * code from the code catalogue). A list of its own rather than the whole catalogue: the page looks a
 * Said's key up at run time, so every message listed here is in its first load.
 */
const STORED_SENTENCES = {
  said_why_invalid_not_sent: m.said_why_invalid_not_sent,
  said_why_no_answer_in_time: m.said_why_no_answer_in_time,
  said_why_unreadable: m.said_why_unreadable,
  said_why_redirect: m.said_why_redirect,
  said_why_redirect_to: m.said_why_redirect_to,
  said_why_stopped_before_sent: m.said_why_stopped_before_sent,
  said_why_stopped_before_answer: m.said_why_stopped_before_answer,
  said_why_unreachable: m.said_why_unreachable,
  said_why_unreachable_code: m.said_why_unreachable_code,
  said_why_dropped: m.said_why_dropped,
  said_why_dropped_code: m.said_why_dropped_code,
  said_why_refused_code_http: m.said_why_refused_code_http,
  said_why_refused_http: m.said_why_refused_http,
  said_why_http: m.said_why_http,
  said_why_already_had_reference: m.said_why_already_had_reference,
  said_why_code: m.said_why_code,
  said_why_no_code: m.said_why_no_code,
  said_why_timeout_2007: m.said_why_timeout_2007,
  said_why_unexpected_sending: m.said_why_unexpected_sending,
  said_refused_still_busy: m.said_refused_still_busy,
  said_refused_stopped_waiting: m.said_refused_stopped_waiting,
  said_settled_unknown: m.said_settled_unknown,
  said_settled_why_batch_settled: m.said_settled_why_batch_settled,
  said_settled_why_batch_not_named: m.said_settled_why_batch_not_named,
  said_settled_why_no_witness: m.said_settled_why_no_witness,
  said_settled_why_our_settle: m.said_settled_why_our_settle,
  said_w_log_code: codeMeaning,
  said_w_log_code_remedy: codeRemedy,
  said_w_log_connection: m.said_w_log_connection,
  said_w_log_network: m.said_w_log_network,
  said_w_log_timeout: m.said_w_log_timeout,
  said_w_log_http_status: m.said_w_log_http_status,
  said_w_log_bad_response: m.said_w_log_bad_response,
  said_w_log_nothing: m.said_w_log_nothing,
  said_w_log_left_out: m.said_w_log_left_out,
  said_w_rec_journal_has: m.said_w_rec_journal_has,
  said_w_rec_approved: m.said_w_rec_approved,
  said_w_rec_partial: m.said_w_rec_partial,
  said_w_rec_declined: m.said_w_rec_declined,
  said_w_rec_canceled: m.said_w_rec_canceled,
  said_w_rec_refused: m.said_w_rec_refused,
  said_w_rec_not_processed: m.said_w_rec_not_processed,
  said_w_rec_settled_unknown: m.said_w_rec_settled_unknown,
  said_w_rec_unknown: m.said_w_rec_unknown,
  said_j_why_record_now: m.said_j_why_record_now,
  said_j_not_processed_no_record: m.said_j_not_processed_no_record,
  said_j_refused_before_terminal: m.said_j_refused_before_terminal,
  said_j_batch_closed: m.said_j_batch_closed,
  said_j_reference_taken_type: m.said_j_reference_taken_type,
  said_j_reference_taken_amount: m.said_j_reference_taken_amount,
  said_j_recovered_from_batch: m.said_j_recovered_from_batch,
  said_j_message_from_batch: m.said_j_message_from_batch,
  said_j_found_by_status_after: m.said_j_found_by_status_after,
  said_j_answer_unread: m.said_j_answer_unread,
  said_j_why_not_recorded: m.said_j_why_not_recorded,
  said_j_why_unexpected_after_send: m.said_j_why_unexpected_after_send,
  said_j_retry_not_recorded: m.said_j_retry_not_recorded,
  said_j_not_sent: m.said_j_not_sent,
  said_j_cannot_record: m.said_j_cannot_record,
  said_j_fault_code: m.said_j_fault_code,
  said_j_fault_detail: m.said_j_fault_detail,
  said_j_fault_disk_full: m.said_j_fault_disk_full,
  said_j_fault_disk_failed: m.said_j_fault_disk_failed,
  said_j_fault_read_only: m.said_j_fault_read_only,
  said_j_fault_no_permission: m.said_j_fault_no_permission,
  said_j_fault_lock_lost: m.said_j_fault_lock_lost,
  said_j_fault_moved: m.said_j_fault_moved,
  said_j_fault_damaged: m.said_j_fault_damaged,
  said_j_fault_restoring: m.said_j_fault_restoring,
  said_j_fault_closed: m.said_j_fault_closed,
  said_j_why_app_stopped: m.said_j_why_app_stopped,
  said_j_warn_database_unreadable: m.said_j_warn_database_unreadable,
  said_j_warn_old_journal_unreadable: m.said_j_warn_old_journal_unreadable,
  said_seg_folder_unreadable: m.said_seg_folder_unreadable,
  said_seg_not_regular: m.said_seg_not_regular,
  said_seg_kind_fifo: m.said_seg_kind_fifo,
  said_seg_kind_folder: m.said_seg_kind_folder,
  said_seg_kind_socket: m.said_seg_kind_socket,
  said_seg_kind_device: m.said_seg_kind_device,
  said_seg_kind_other: m.said_seg_kind_other,
  said_seg_read_failed: m.said_seg_read_failed,
  said_seg_torn_tail: m.said_seg_torn_tail,
  said_seg_line_too_long: m.said_seg_line_too_long,
  said_seg_line_bad: m.said_seg_line_bad,
  said_seg_orphan: m.said_seg_orphan,
  said_seg_second_intent: m.said_seg_second_intent,
  said_seg_second_outcome: m.said_seg_second_outcome,
  said_seg_partial_kept: m.said_seg_partial_kept,
  said_seg_approval_kept: m.said_seg_approval_kept,
} satisfies Record<string, (inputs: never, options?: { locale?: Language }) => string>;

export type SaidKey = keyof typeof STORED_SENTENCES;
export type SaidParam = string | number | Said;
export interface Said {
  key: SaidKey;
  params: Record<string, SaidParam>;
}

const isSaidKey = (key: unknown): key is SaidKey => typeof key === 'string' && Object.hasOwn(STORED_SENTENCES, key);

/** Only keys of the stored sentences pass: a Said the page could not word is refused where it crosses. */
export const Said: z.ZodMiniType<Said> = z.object({
  key: z.custom<SaidKey>(
    isSaidKey,
    ruleWords(() => m.w_rule_stored_sentence()),
  ),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.lazy(() => Said)])),
});

/** A Said of `key` with its named parameters. */
export function said(key: SaidKey, params: Record<string, SaidParam> = {}): Said {
  return { key, params };
}

/**
 * A stored Said as a view may carry it: none when it no longer names a stored sentence (a journal
 * written by a later version), so its English shows instead of the whole answer being refused.
 */
export function knownSaid(value: Said | undefined): Said | undefined {
  return value !== undefined && Said.safeParse(value).success ? value : undefined;
}

/**
 * What a stored sentence says in the language spoken now (the page's, or main's when it answers):
 * the English it was stored with in English, or when it carries no Said; else its Said worded.
 */
export function wordSaid(said: Said | undefined, english: string): string {
  return said === undefined || currentLanguage() === BASE_LANGUAGE ? english : words(said);
}

/** What a Said says in `language`, or in the language spoken now: for main's own words made of stored sentences. */
export function wordedIn(said: Said, language?: Language): string {
  return words(said, language);
}

/**
 * The English a Said stands for, whatever language is spoken: what main stores beside it, so the
 * stored text and the page's words come from the same message. `kept` gives the English that stands
 * in for a reason inside it whose stored English is not its Said's (one that names a code's label):
 * the sentence around it still comes from the catalogue.
 */
export function englishOf(said: Said, kept: Record<string, string> = {}): string {
  return words({ key: said.key, params: { ...said.params, ...kept } }, BASE_LANGUAGE);
}

/** A reason main stores: the English it keeps and the Said the page words, the same sentence. */
export interface Because {
  why: string;
  said: Said;
}

/** A reason from its Said alone: its English is the Said's, so the two cannot drift apart. */
export function because(said: Said): Because {
  return { why: englishOf(said), said };
}

function words(said: Said, locale?: Language): string {
  const params = Object.entries(said.params).map(([name, value]) => [name, typeof value === 'object' ? words(value, locale) : value]);
  const message = STORED_SENTENCES[said.key] as (inputs: Record<string, string | number>, options: { locale?: Language }) => string;
  return message(Object.fromEntries(params), locale === undefined ? {} : { locale });
}
