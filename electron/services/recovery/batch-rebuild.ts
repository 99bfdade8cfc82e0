import { englishOf, said } from '@shared/ipc/said';
import type { Journal } from '../journal/journal';
import type { TailLoss } from '../journal/high-water';
import { MONEY_OPERATIONS, type MoneyOperation, type Recovery } from '../journal/records';
import type { ProfileService } from '../profiles/profile-service';
import { SpinError } from '../spin/spin-error';
import { text } from '../spin/spin-record';
import { inReportLane } from '../terminal/report-lane';
import { callTerminal, type TerminalDeps } from '../terminal/terminal-call';
import { successResult } from './answer-class';
import { outcomeOf } from './outcome-of';
import type { StatusRecord } from './status-verdict';

// When the journal lost its newest entries (journal/high-water.ts found fewer entries than it had
// written), what the terminals still hold is written back: each configured terminal's open batch
// is read (Daily: every transaction with its ReferenceId and TransactionNumber), and each one the
// journal does not hold is asked for by Status (its full record: amounts, card, AuthCode, batch)
// and restored as an entry "recovered from the terminal's batch". Only requests that move no money
// are sent (callTerminal refuses any other). Not recoverable: payments settled out of the open
// batch since (no request shows them), declines and Settles (the batch lists neither).
//
// Which transactions are this PC's: SPIn's records do not carry the RegisterId (docs/PROTOCOL.md
// §3.2), so the journal itself draws the line: a transaction counts as lost only when the terminal
// recorded it after the newest transaction of that batch the journal kept (the lost entries are
// the journal's newest). Another register's sale on the same terminal after that point cannot be
// told apart and is restored too; the banner says when more were restored than were missing.

export interface BatchRebuildDeps {
  /** How this PC reaches its terminals; every configured terminal is read. */
  terminal: TerminalDeps & { profiles: Pick<ProfileService, 'target' | 'list'> };
  journal: Pick<Journal, 'tailLoss' | 'saveTailLoss' | 'usesOf' | 'recordIntent' | 'recordOutcome'>;
}

const RECOVERY: Recovery = {
  how: 'terminal-batch',
  reason: englishOf(said('said_j_recovered_from_batch')),
  said: said('said_j_recovered_from_batch'),
};

/**
 * Restores what the terminals' open batches hold of a lost tail. Returns true when there is
 * nothing (more) to do, false when a terminal could not be read yet (no Authkey after a restart
 * of the browser version, unreachable): the caller tries again later. Never writes an entry the
 * journal already holds, so running it again restores nothing twice.
 */
export async function rebuildLostTail(deps: BatchRebuildDeps): Promise<boolean> {
  const loss = deps.journal.tailLoss();
  if (!loss || loss.rebuilt) return true;
  const { profiles } = await deps.terminal.profiles.list();
  // One read per terminal, whichever of its profiles comes first.
  const read = new Set(loss.read);
  const terminals = [...new Map(profiles.map((profile) => [profile.tpn, profile.id])).entries()].filter(([tpn]) => !read.has(tpn));
  const unread: NonNullable<TailLoss['unread']> = [];
  let restored = 0;
  for (const [tpn, profileId] of terminals) {
    try {
      restored += await rebuildTerminal(deps, loss, tpn, profileId);
      read.add(tpn);
    } catch (error) {
      unread.push({ tpn, why: error instanceof Error ? error.message : String(error) });
    }
  }
  deps.journal.saveTailLoss({ ...loss, restored: loss.restored + restored, rebuilt: unread.length === 0, unread, read: [...read] });
  return unread.length === 0;
}

/** One terminal: its open batch read, what the journal lost of it restored; returns how many. */
async function rebuildTerminal(deps: BatchRebuildDeps, loss: TailLoss, tpn: string, profileId: string): Promise<number> {
  const lost = await lostRows(deps.journal, loss, tpn, await openBatchRows(deps.terminal, profileId));
  let restored = 0;
  for (const row of lost) {
    const record = await statusOf(deps.terminal, profileId, row.referenceId);
    if (!record) continue;
    // Between the two reads the transaction may have been written here (a new sale of its own): no second entry.
    if ((await deps.journal.usesOf(tpn, row.referenceId)).length > 0) continue;
    await restore(deps.journal, tpn, profileId, row, record);
    restored += 1;
  }
  return restored;
}

/** A row of Daily: what the rebuild needs of each transaction in the open batch. */
interface BatchRow {
  referenceId: string;
  /** TransactionNumber (Daily's `Number`), the transaction's place in the batch. */
  number: number;
  transactionType: string;
}

/** The open batch's transactions, from Daily (docs/PROTOCOL.md §4.14), in the terminal's report lane. */
async function openBatchRows(terminal: TerminalDeps, profileId: string): Promise<BatchRow[]> {
  // Never beside this PC's Settle or another report on the same terminal: it would be refused 2008.
  const daily = await inReportLane(terminal, profileId, () => callTerminal(terminal, profileId, 'Daily', () => ({})));
  return (daily.DailyDetails ?? []).flatMap((detail) =>
    (detail.TransactionsDailyReports ?? []).map((tx) => ({
      referenceId: text(tx.ReferenceId) ?? '',
      number: numberOf(tx.Number),
      transactionType: text(tx.TransactionType) ?? '',
    })),
  );
}

/**
 * The transaction's full record, by Status (moves no money); undefined when the terminal answers
 * that it has none after all (settled out of the open batch between the two reads): not recoverable.
 * A failure to reach the terminal throws, and the terminal is read again later.
 */
async function statusOf(terminal: TerminalDeps, profileId: string, ref: string): Promise<StatusRecord | undefined> {
  try {
    return (await callTerminal(terminal, profileId, 'Status', () => ({ ReferenceId: ref, PaymentType: 'Card' as const }))) as StatusRecord;
  } catch (error) {
    if (error instanceof SpinError && error.code === 'TERMINAL') return undefined;
    throw error;
  }
}

/**
 * The rows of the open batch the journal does not hold and the terminal recorded after the newest
 * one it kept (by TransactionNumber; the journal's own entries written since the loss don't count).
 */
async function lostRows(journal: BatchRebuildDeps['journal'], loss: TailLoss, tpn: string, rows: readonly BatchRow[]): Promise<BatchRow[]> {
  let keptThrough = -1;
  const absent: BatchRow[] = [];
  for (const row of rows) {
    if (!row.referenceId || operationOf(row.transactionType) === undefined) continue;
    const uses = await journal.usesOf(tpn, row.referenceId);
    if (uses.length === 0) absent.push(row);
    else if (uses.some((entry) => entry.position <= loss.keptThroughSeq)) keptThrough = Math.max(keptThrough, row.number);
  }
  return absent.filter((row) => row.number > keptThrough);
}

async function restore(
  journal: BatchRebuildDeps['journal'],
  tpn: string,
  profileId: string,
  row: BatchRow,
  record: StatusRecord,
): Promise<void> {
  const outcome = outcomeOf(record.GeneralResponse ? successResult(record.GeneralResponse) : 'approved', record, { recovery: RECOVERY });
  const amountCents = Math.abs(outcome.approvedCents ?? 0);
  const entry = await journal.recordIntent({
    op: operationOf(record.TransactionType ?? row.transactionType) ?? (operationOf(row.transactionType) as MoneyOperation),
    ref: row.referenceId,
    tpn,
    profileId,
    paymentType: text((record as { PaymentType?: string | null }).PaymentType) ?? 'Card',
    amountCents,
    tipCents: outcome.answeredTipCents ?? 0,
    // Concluded already: nothing is in flight.
    deadlineMs: Date.now(),
  });
  // The terminal's own words (or ours, with their Said) inside the stored English and its Said.
  const words = said('said_j_message_from_batch', { message: outcome.messageSaid ?? outcome.message });
  await journal.recordOutcome(entry.intent.id, { ...outcome, message: englishOf(words), messageSaid: words });
}

/** The journal's operation for a record's TransactionType, any letter case; undefined for one it does not journal. */
function operationOf(type: string | null | undefined): MoneyOperation | undefined {
  const lower = (type ?? '').toLowerCase();
  return MONEY_OPERATIONS.find((op) => op !== 'Settle' && op.toLowerCase() === lower);
}

/** Daily's `Number` is untyped in the schema (text or a number); one that does not read counts as the newest. */
function numberOf(value: unknown): number {
  const number = typeof value === 'number' ? value : Number.parseInt(String(value ?? ''), 10);
  return Number.isFinite(number) ? number : Number.MAX_SAFE_INTEGER;
}
