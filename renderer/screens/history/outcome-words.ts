import type { JournalEntryView, JournalState } from '@shared/ipc/journal-views';
import { chargeCheckShort, chargeCheckTone } from '@shared/ipc/tip-rules';
import { formatCents } from '@shared/i18n/format';
import { m } from '../../lib/i18n/messages';

type Operation = JournalEntryView['operation'];

/** ok: money moved as asked; warn: look closer; danger: it did not happen; info: still running. */
export type OutcomeTone = 'ok' | 'warn' | 'danger' | 'info';

export interface OutcomeWords {
  /** One line for the table: "Approved — recovered after the connection dropped". */
  label: string;
  tone: OutcomeTone;
}

/** What "approved" means for each operation, in the words its own screen uses. */
const DONE: Record<Operation, () => string> = {
  Sale: m.hist_done_sale,
  Auth: m.hist_done_auth,
  Capture: m.hist_done_capture,
  Return: m.hist_done_return,
  Void: m.hist_done_void,
  TipAdjust: m.hist_done_tip_adjust,
  Settle: m.hist_done_settle,
};

/** Each state's name, read when shown (the language may have changed since). */
export const STATE_LABELS: Record<JournalState, () => string> = {
  pending: m.hist_state_pending,
  approved: m.hist_state_approved,
  partial: m.hist_state_partial,
  declined: m.hist_state_declined,
  canceled: m.hist_state_canceled,
  refused: m.hist_state_refused,
  'not-processed': m.hist_state_not_processed,
  'settled-unknown': m.hist_state_settled_unknown,
};

/**
 * Why an answer was lost, short enough to follow "recovered after". The reasons come from the
 * main process's answer classes (recovery/answer-class.ts); an unknown one reads generically.
 */
export function lostBecause(reason: string): string {
  if (/connection dropped/i.test(reason)) return m.hist_lost_dropped();
  if (/(no answer arrived|did not answer) in time/i.test(reason)) return m.hist_lost_no_answer();
  if (/could not be read/i.test(reason)) return m.hist_lost_unreadable();
  if (/app stopped/i.test(reason)) return m.hist_lost_app_stopped();
  if (/already had this reference/i.test(reason)) return m.hist_lost_duplicate();
  return m.hist_lost_other();
}

function pendingWords(entry: JournalEntryView): OutcomeWords {
  switch (entry.live?.phase) {
    case 'sending':
      return { label: m.hist_pending_sending(), tone: 'info' };
    case 'busy-wait':
    case 'resend-wait':
      return { label: m.hist_pending_busy(), tone: 'info' };
    case 'looking-up':
    case 'retry-wait':
      return { label: m.hist_pending_looking(), tone: 'warn' };
    default:
      // Left from before a restart, waiting for what its lookup needs (History's banner says it in full).
      if (entry.blocked?.reason === 'no-authkey') return { label: m.hist_pending_no_key(), tone: 'warn' };
      // Stopped by the user, or left from before a restart and not picked up yet.
      return { label: m.hist_pending_idle(), tone: 'warn' };
  }
}

const lowerFirst = (words: string) => words.charAt(0).toLowerCase() + words.slice(1);

/** The outcome of a journal entry in plain words (never just a state name). */
export function outcomeWords(entry: JournalEntryView): OutcomeWords {
  const recovery = entry.outcome?.recovery;
  /** "Approved — recovered after the connection dropped" when the first answer was lost. */
  const recovered = (outcome: string) => (recovery ? m.hist_recovered({ outcome, cause: lostBecause(recovery.reason) }) : outcome);
  switch (entry.state) {
    case 'pending':
      return pendingWords(entry);
    case 'approved': {
      const done = DONE[entry.operation]();
      // An approval whose charge differs from what was meant is never shown as a plain green "Approved".
      const check = entry.outcome?.chargeCheck;
      // Figures that do not add up: the approval stands, its figures are not believed (shared/spin/terminal-amounts.ts).
      const problem = entry.outcome?.figuresProblem;
      if (problem) return { label: recovered(m.hist_outcome_detail({ outcome: done, detail: lowerFirst(problem) })), tone: 'danger' };
      if (check)
        return {
          label: recovered(m.hist_outcome_detail({ outcome: done, detail: chargeCheckShort(check) })),
          tone: chargeCheckTone(check),
        };
      return { label: recovered(done), tone: 'ok' };
    }
    case 'partial': {
      const approved = entry.outcome?.approvedCents;
      const label =
        approved === undefined
          ? m.hist_state_partial()
          : m.hist_partly_of({ approved: formatCents(approved), total: formatCents(entry.amountCents + entry.tipCents) });
      return { label: recovered(label), tone: 'warn' };
    }
    case 'declined':
      return { label: recovered(m.hist_declined()), tone: 'danger' };
    case 'canceled':
      // Not a refused card: the customer or the cashier stopped it on the terminal.
      return { label: recovered(m.hist_canceled()), tone: 'danger' };
    case 'refused':
      return { label: m.hist_refused(), tone: 'danger' };
    case 'not-processed':
      return { label: m.hist_not_processed(), tone: 'danger' };
    case 'settled-unknown':
      // Never "no money moved": it may be in the batch that was settled before the lookup could see it.
      return { label: m.hist_settled_unknown(), tone: 'warn' };
  }
}
