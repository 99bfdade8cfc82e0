import type { JournalEntryView } from '@shared/ipc/journal-views';
import { explainCode } from '@shared/spin/codes';
import { moneyOfEntry, signedMoney, signOfOperation, taxOnFeeLabel } from '@shared/ipc/money-model';
import { formatCents, formatDateTime, formatNumber } from '@shared/i18n/format';
import { m, wordSaid } from '../../lib/i18n/messages';
import { lostReasonWords } from '../../lib/lost-reason';
import { operationName } from './operation-name';
import { outcomeWords } from './outcome-words';
import { amountWords } from './settled-words';

function profileName(entry: JournalEntryView, profiles: readonly { id: string; name: string }[]): string | undefined {
  return profiles.find((candidate) => candidate.id === entry.profileId)?.name;
}

/** "Front counter", or "TPN Z8SIM0000001" when no profile has it any more: short, for a table cell. */
export function terminalName(entry: JournalEntryView, profiles: readonly { id: string; name: string }[]): string {
  return profileName(entry, profiles) ?? m.hist_terminal_tpn({ tpn: entry.tpn });
}

/** "Front counter (TPN Z8SIM0000001)", or the TPN alone when no profile has it any more. */
export function terminalLabel(entry: JournalEntryView, profiles: readonly { id: string; name: string }[]): string {
  const name = profileName(entry, profiles);
  return name === undefined ? m.hist_terminal_tpn({ tpn: entry.tpn }) : m.hist_terminal_named({ names: name, tpn: entry.tpn });
}

/**
 * Amount, tip, fee, tax on the fee and total as the terminal charged them (shared/ipc/money-model.ts), signed
 * as History's list shows them; what was asked when the terminal answered no figures.
 */
function moneyFacts(entry: JournalEntryView): [string, string][] {
  const money = signedMoney(moneyOfEntry(entry), signOfOperation(entry.operation));
  const say = (cents: number | null) => (cents === null ? '—' : formatCents(cents));
  return [
    [m.hist_fact_amount(), say(money.baseCents)],
    ...(money.tipCents !== 0 || entry.operation === 'TipAdjust' ? [[m.hist_fact_tip(), say(money.tipCents)] as [string, string]] : []),
    ...(money.feeCents !== 0 ? [[m.hist_fact_fee(), say(money.feeCents)] as [string, string]] : []),
    ...(money.taxCents !== 0 ? [[taxOnFeeLabel(), say(money.taxCents)] as [string, string]] : []),
    [m.hist_fact_total(), say(money.totalCents)],
  ];
}

export function timeOf(iso: string): string {
  return formatDateTime(iso);
}

/**
 * Everything the journal holds about one entry, as label/value lines for the detail panel, in the
 * order someone reconciling a payment asks: what happened, to what, then how we know.
 */
export function entryFacts(entry: JournalEntryView, terminal: string): [string, string][] {
  const { outcome } = entry;
  const facts: [string, string][] = [
    [m.hist_fact_outcome(), outcomeWords(entry).label],
    [m.hist_fact_operation(), operationName(entry.operation)],
    [m.hist_fact_reference(), entry.referenceId],
    [m.hist_fact_started(), timeOf(entry.createdAt)],
    [m.hist_fact_terminal(), terminal],
  ];
  if (entry.paymentType) facts.push([m.hist_fact_payment_type(), entry.paymentType]);
  if (entry.operation === 'Settle') facts.push([m.hist_fact_settled(), amountWords(entry)]);
  else facts.push(...moneyFacts(entry));
  if (entry.outcome?.settled?.batches.length) facts.push([m.hist_fact_batch_closed(), entry.outcome.settled.batches.join(', ')]);
  if (outcome) {
    facts.push([m.hist_fact_answer_at(), timeOf(outcome.at)]);
    if (outcome.statusCode) {
      facts.push([m.hist_fact_meaning(), explainCode(outcome.statusCode).explanation]);
    } else {
      // No answer of the terminal's own (not processed, refused): our one line says what happened.
      facts.push([m.hist_fact_happened(), wordSaid(outcome.messageSaid, outcome.message) || '—']);
    }
    if (outcome.authCode) facts.push([m.hist_fact_auth_code(), outcome.authCode]);
    if (outcome.transactionNumber) facts.push([m.hist_fact_transaction_number(), outcome.transactionNumber]);
    if (outcome.batchNumber) facts.push([m.hist_fact_batch_number(), outcome.batchNumber]);
    // First 4 and last 4 are all the journal ever holds of a card number.
    if (outcome.card) facts.push([m.hist_fact_card(), `${outcome.card.brand} ${outcome.card.first4} •••• ${outcome.card.last4}`]);
    const { recovery } = outcome;
    if (recovery) facts.push([m.hist_fact_found_how(), m.hist_fact_found_how_value({ reason: wordSaid(recovery.said, recovery.reason) })]);
  }
  // Said once: the recovery line above already names the reason when it is the same.
  const lostWhy = lostReasonWords(entry);
  if (lostWhy && entry.unknownReason !== outcome?.recovery?.reason) facts.push([m.hist_fact_lost_why(), lostWhy]);
  return facts;
}

/**
 * What support asks for, shown under Details: the code and the terminal's own words, the fields as
 * they went on the wire, how often it was sent again after a busy answer, the journal's own ID.
 */
export function entryTechnicalFacts(entry: JournalEntryView): [string, string][] {
  const { outcome } = entry;
  const facts: [string, string][] = [];
  if (outcome?.statusCode) facts.push([m.hist_fact_code(), outcome.statusCode]);
  if (outcome?.statusCode && outcome.message) facts.push([m.hist_fact_terminal_said(), wordSaid(outcome.messageSaid, outcome.message)]);
  // How the tip went on the wire: the likely reason when the terminal charged something else.
  if (entry.sentAmountCents !== undefined)
    facts.push([
      m.hist_fact_sent(),
      m.hist_fact_sent_value({ amount: formatCents(entry.sentAmountCents), tip: formatCents(entry.tipCents) }),
    ]);
  facts.push([
    m.hist_fact_resent(),
    entry.attempts === 0 ? m.hist_fact_resent_none() : m.hist_fact_resent_times({ count: formatNumber(entry.attempts) }),
  ]);
  facts.push([m.hist_fact_entry_id(), entry.id]);
  return facts;
}
