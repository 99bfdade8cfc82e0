import type { JournalEntryView, JournalState } from '@shared/ipc/journal-views';
import { chargeCheckShort, chargeCheckTone } from '@shared/ipc/tip-rules';
import { formatMoney } from '@shared/spin/money';

type Operation = JournalEntryView['operation'];

/** ok: money moved as asked; warn: look closer; danger: it did not happen; info: still running. */
export type OutcomeTone = 'ok' | 'warn' | 'danger' | 'info';

export interface OutcomeWords {
  /** One line for the table: "Approved — recovered after the connection dropped". */
  label: string;
  tone: OutcomeTone;
}

/** What "approved" means for each operation, in the words its own screen uses. */
const DONE: Record<Operation, string> = {
  Sale: 'Approved',
  Auth: 'Authorized',
  Capture: 'Captured',
  Return: 'Refunded',
  Void: 'Voided',
  TipAdjust: 'Tip adjusted',
  Settle: 'Batch closed',
};

export const STATE_LABELS: Record<JournalState, string> = {
  pending: 'Outcome unknown',
  approved: 'Approved',
  partial: 'Partly approved',
  declined: 'Declined',
  canceled: 'Canceled',
  refused: 'Refused',
  'not-processed': 'Not completed',
  'settled-unknown': 'Charged or not — check settled batch',
};

/**
 * Why an answer was lost, short enough to follow "recovered after". The reasons come from the
 * main process's answer classes (recovery/answer-class.ts); an unknown one reads generically.
 */
export function lostBecause(reason: string): string {
  if (/connection dropped/i.test(reason)) return 'the connection dropped';
  if (/(no answer arrived|did not answer) in time/i.test(reason)) return 'no answer came in time';
  if (/could not be read/i.test(reason)) return 'the answer could not be read';
  if (/app stopped/i.test(reason)) return 'the app stopped';
  if (/already had this reference/i.test(reason)) return 'the terminal already had this reference';
  return 'the answer was lost';
}

function pendingWords(entry: JournalEntryView): OutcomeWords {
  switch (entry.live?.phase) {
    case 'sending':
      return { label: 'In progress — waiting for the terminal', tone: 'info' };
    case 'busy-wait':
    case 'resend-wait':
      return { label: 'Waiting — the terminal is busy, nothing processed yet', tone: 'info' };
    case 'looking-up':
    case 'retry-wait':
      return { label: 'Outcome unknown — looking it up', tone: 'warn' };
    default:
      // Left from before a restart, waiting for what its lookup needs (History's banner says it in full).
      if (entry.blocked?.reason === 'no-authkey') return { label: 'Outcome unknown — waiting for the Authkey', tone: 'warn' };
      // Stopped by the user, or left from before a restart and not picked up yet.
      return { label: 'Outcome unknown — not being looked up', tone: 'warn' };
  }
}

const lowerFirst = (words: string) => words.charAt(0).toLowerCase() + words.slice(1);

/** The outcome of a journal entry in plain words (never just a state name). */
export function outcomeWords(entry: JournalEntryView): OutcomeWords {
  const recovered = entry.outcome?.recovery ? ` — recovered after ${lostBecause(entry.outcome.recovery.reason)}` : '';
  switch (entry.state) {
    case 'pending':
      return pendingWords(entry);
    case 'approved': {
      // An approval whose charge differs from what was meant is never shown as a plain green "Approved".
      const check = entry.outcome?.chargeCheck;
      // Figures that do not add up: the approval stands, its figures are not believed (shared/spin/terminal-amounts.ts).
      const problem = entry.outcome?.figuresProblem;
      if (problem) return { label: `${DONE[entry.operation]} — ${lowerFirst(problem)}${recovered}`, tone: 'danger' };
      if (check) return { label: `${DONE[entry.operation]} — ${chargeCheckShort(check)}${recovered}`, tone: chargeCheckTone(check) };
      return { label: `${DONE[entry.operation]}${recovered}`, tone: 'ok' };
    }
    case 'partial': {
      const approved = entry.outcome?.approvedCents;
      const of = approved === undefined ? '' : ` — ${formatMoney(approved)} of ${formatMoney(entry.amountCents + entry.tipCents)}`;
      return { label: `Partly approved${of}${recovered}`, tone: 'warn' };
    }
    case 'declined':
      return { label: `Declined — no money moved${recovered}`, tone: 'danger' };
    case 'canceled':
      // Not a refused card: the customer or the cashier stopped it on the terminal.
      return { label: `Canceled on the terminal — no money moved${recovered}`, tone: 'danger' };
    case 'refused':
      return { label: 'Refused — not processed, no money moved', tone: 'danger' };
    case 'not-processed':
      return { label: 'Not completed — no money moved', tone: 'danger' };
    case 'settled-unknown':
      // Never "no money moved": it may be in the batch that was settled before the lookup could see it.
      return { label: 'Charged or not — the batch was settled before the lookup: check the settled batch', tone: 'warn' };
  }
}
