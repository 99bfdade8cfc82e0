import type { JournalEntryView } from '@shared/ipc/journal-views';
import { explainCode } from '@shared/spin/codes';
import { moneyOfEntry, signedMoney, signOfOperation, taxOnFeeLabel } from '@shared/ipc/money-model';
import { formatMoney } from '@shared/spin/money';
import { operationName } from './operation-name';
import { outcomeWords } from './outcome-words';
import { amountWords } from './settled-words';

/** "Front counter", or "TPN Z8SIM0000001" when no profile has it any more: short, for a table cell. */
export function terminalName(entry: JournalEntryView, profiles: readonly { id: string; name: string }[]): string {
  return profiles.find((candidate) => candidate.id === entry.profileId)?.name ?? `TPN ${entry.tpn}`;
}

/** "Front counter (TPN Z8SIM0000001)", or the TPN alone when no profile has it any more. */
export function terminalLabel(entry: JournalEntryView, profiles: readonly { id: string; name: string }[]): string {
  const name = terminalName(entry, profiles);
  return name.startsWith('TPN ') ? name : `${name} (TPN ${entry.tpn})`;
}

/**
 * Amount, tip, fee, tax on the fee and total as the terminal charged them (shared/ipc/money-model.ts), signed
 * as History's list shows them; what was asked when the terminal answered no figures.
 */
function moneyFacts(entry: JournalEntryView): [string, string][] {
  const money = signedMoney(moneyOfEntry(entry), signOfOperation(entry.operation));
  const say = (cents: number | null) => (cents === null ? '—' : formatMoney(cents));
  return [
    ['Amount', say(money.baseCents)],
    ...(money.tipCents !== 0 || entry.operation === 'TipAdjust' ? [['Tip', say(money.tipCents)] as [string, string]] : []),
    ...(money.feeCents !== 0 ? [['Fee', say(money.feeCents)] as [string, string]] : []),
    ...(money.taxCents !== 0 ? [[taxOnFeeLabel(), say(money.taxCents)] as [string, string]] : []),
    ['Total', say(money.totalCents)],
  ];
}

export function timeOf(iso: string): string {
  return new Date(iso).toLocaleString();
}

/**
 * Everything the journal holds about one entry, as label/value lines for the detail panel, in the
 * order someone reconciling a payment asks: what happened, to what, then how we know.
 */
export function entryFacts(entry: JournalEntryView, terminal: string): [string, string][] {
  const { outcome } = entry;
  const facts: [string, string][] = [
    ['Outcome', outcomeWords(entry).label],
    ['Operation', operationName(entry.operation)],
    ['Reference', entry.referenceId],
    ['Started', timeOf(entry.createdAt)],
    ['Terminal', terminal],
  ];
  if (entry.paymentType) facts.push(['Payment type', entry.paymentType]);
  if (entry.operation === 'Settle') facts.push(['Settled', amountWords(entry)]);
  else facts.push(...moneyFacts(entry));
  if (entry.outcome?.settled?.batches.length) facts.push(['Batch closed', entry.outcome.settled.batches.join(', ')]);
  if (outcome) {
    facts.push(['Answer recorded', timeOf(outcome.at)]);
    if (outcome.statusCode) {
      facts.push(['What it means', explainCode(outcome.statusCode).explanation]);
    } else {
      // No answer of the terminal's own (not processed, refused): our one line says what happened.
      facts.push(['What happened', outcome.message || '—']);
    }
    if (outcome.authCode) facts.push(['Auth code', outcome.authCode]);
    if (outcome.transactionNumber) facts.push(['Transaction number', outcome.transactionNumber]);
    if (outcome.batchNumber) facts.push(['Batch number', outcome.batchNumber]);
    // First 4 and last 4 are all the journal ever holds of a card number.
    if (outcome.card) facts.push(['Card', `${outcome.card.brand} ${outcome.card.first4} •••• ${outcome.card.last4}`]);
    if (outcome.recovery)
      facts.push([
        'How it was found',
        `The first answer was lost: ${outcome.recovery.reason}. Looked up with Status using the same reference; it was never sent twice.`,
      ]);
  }
  // Said once: the recovery line above already names the reason when it is the same.
  if (entry.unknownReason && entry.unknownReason !== outcome?.recovery?.reason)
    facts.push(['Why the answer was lost', entry.unknownReason]);
  return facts;
}

/**
 * What support asks for, shown under Details: the code and the terminal's own words, the fields as
 * they went on the wire, how often it was sent again after a busy answer, the journal's own ID.
 */
export function entryTechnicalFacts(entry: JournalEntryView): [string, string][] {
  const { outcome } = entry;
  const facts: [string, string][] = [];
  if (outcome?.statusCode) facts.push(['Code', outcome.statusCode]);
  if (outcome?.statusCode && outcome.message) facts.push(['The terminal said', outcome.message]);
  // How the tip went on the wire: the likely reason when the terminal charged something else.
  if (entry.sentAmountCents !== undefined)
    facts.push(['Sent to the terminal', `Amount ${formatMoney(entry.sentAmountCents)} with TipAmount ${formatMoney(entry.tipCents)}`]);
  facts.push([
    'Sent again because the terminal was busy',
    entry.attempts === 0 ? 'No' : `${entry.attempts} times (same reference; the terminal had processed nothing)`,
  ]);
  facts.push(['Journal entry ID', entry.id]);
  return facts;
}
