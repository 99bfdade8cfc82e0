import { TIP_CHECK_MAX_CENTS, type TestSaleFate } from '@shared/ipc/diagnostics-views';
import type { ProfileView } from '@shared/ipc/profile-views';
import * as m from '@shared/i18n/paraglide/messages/_index.js';
import { formatMoney } from '@shared/spin/money';
import { AppFailure } from '../app-failure';
import type { Journal } from '../journal/journal';
import { resultOf, type JournalEntry } from '../journal/records';
import { lookUpStatus } from '../lookups/lookups';
import { resumeMoneyMove, type MoneyMoveDeps } from '../payments/money-move';
import { runVoid } from '../payments/void';

// What became of a "Verify this terminal" test sale, and "void it here" for one that may be
// charged. The check's $1.10 must never stay charged without the screen saying so: when its answer
// is lost and the lookup stopped, or its Void fails, the report names it and offers this; a later
// check finds it unresolved in the journal and offers it again before charging another.

/** Every test sale's ReferenceId starts so (tip-check.ts makes them): History shows what it was. */
export const TEST_SALE_PREFIX = 'TIPCHECK';
/** Every request of the check names the card type the same way, so Status and Void find the sale. */
export const TEST_PAYMENT_TYPE = 'Credit' as const;
/** How many of a terminal's newest test sales a new check reads for an unresolved one. */
const EARLIER_READ = 20;

export function isTestSaleReference(referenceId: string): boolean {
  return referenceId.toUpperCase().startsWith(TEST_SALE_PREFIX);
}

/** `already`: it was voided on the terminal before this app's Void. */
export function voidedFate(referenceId: string, amountCents: number, already = false): TestSaleFate {
  const inputs = { reference: referenceId, amount: formatMoney(amountCents) };
  return {
    referenceId,
    amountCents,
    fate: 'voided',
    words: already ? m.diag_fate_voided_already(inputs) : m.diag_fate_voided(inputs),
    earlier: false,
  };
}

export function notChargedFate(referenceId: string, why: string): TestSaleFate {
  return {
    referenceId,
    amountCents: 0,
    fate: 'not-charged',
    words: m.diag_fate_not_charged({ reference: referenceId, why }),
    earlier: false,
  };
}

export function mayBeChargedFate(referenceId: string, amountCents: number, why: string, earlier = false): TestSaleFate {
  const inputs = { amount: formatMoney(amountCents), reference: referenceId, why };
  return {
    referenceId,
    amountCents,
    fate: 'may-be-charged',
    words: earlier ? m.diag_fate_earlier(inputs) : m.diag_fate_maybe(inputs),
    earlier,
  };
}

/** What it charged per the journal; the most it can have charged when the outcome is not known. */
function chargedCents(sale: JournalEntry): number {
  return sale.outcome?.approvedCents ?? TIP_CHECK_MAX_CENTS;
}

function isCharged(entry: JournalEntry): boolean {
  const result = entry.outcome && resultOf(entry.outcome);
  return result === 'approved' || result === 'partial';
}

/** Whether the journal holds an approved Void of this reference on this terminal. */
async function voidedInJournal(journal: Pick<Journal, 'usesOf'>, sale: JournalEntry): Promise<boolean> {
  const uses = await journal.usesOf(sale.intent.tpn, sale.intent.ref);
  return uses.some((use) => use.intent.op === 'Void' && use.outcome && resultOf(use.outcome) === 'approved');
}

/** Why the journal cannot call the test sale settled, or null when it can. */
async function openQuestion(journal: Pick<Journal, 'usesOf'>, sale: JournalEntry): Promise<string | null> {
  if (!sale.outcome) return m.diag_why_never_learned();
  if (!isCharged(sale)) return null;
  return (await voidedInJournal(journal, sale)) ? null : m.diag_why_no_void();
}

/**
 * The newest test sale of this terminal that may still be charged, if any: the journal names the
 * candidates (outcome never learned, or approved with no Void that went through); one voided on
 * the terminal by other means since is told apart by its Status record (which moves no money).
 */
export async function unresolvedTestSale(deps: MoneyMoveDeps, profile: ProfileView): Promise<TestSaleFate | undefined> {
  let read = 0;
  for await (const entry of deps.journal.entries('newest', { referenceId: TEST_SALE_PREFIX, tpn: profile.tpn })) {
    if (entry.intent.op !== 'Sale' || !isTestSaleReference(entry.intent.ref)) continue;
    const question = await openQuestion(deps.journal, entry);
    if (question && !(entry.outcome && (await voidedOnTerminal(deps, profile, entry.intent.ref)))) {
      return mayBeChargedFate(entry.intent.ref, chargedCents(entry), question, true);
    }
    read += 1;
    if (read >= EARLIER_READ) return undefined;
  }
  return undefined;
}

/** Whether Status shows the sale voided; false when it cannot be read (then it stays a question). */
async function voidedOnTerminal(deps: MoneyMoveDeps, profile: ProfileView, referenceId: string): Promise<boolean> {
  try {
    const record = await lookUpStatus(deps, { profileId: profile.id, referenceId, paymentType: TEST_PAYMENT_TYPE, getReceipt: 'No' });
    return record.voided;
  } catch {
    return false;
  }
}

/** Voids the test sale by its ReferenceId, through the journal; a failure comes back as words, never thrown. */
export async function voidTestSale(
  deps: MoneyMoveDeps,
  profileId: string,
  referenceId: string,
  amountCents: number,
): Promise<{ ok: true } | { ok: false; why: string }> {
  try {
    const result = await runVoid(deps, { profileId, referenceId, amountCents, paymentType: TEST_PAYMENT_TYPE, getReceipt: 'No' });
    if (result.outcome === 'approved') return { ok: true };
    return { ok: false, why: `${result.statusCode} ${result.message}`.trim() };
  } catch (error) {
    return { ok: false, why: messageOf(error) };
  }
}

export function messageOf(error: unknown): string {
  return error instanceof AppFailure ? error.detail.message : error instanceof Error ? error.message : String(error);
}

/**
 * "Void it here": finds the test sale's outcome (the journal's lookup, by Status, if it was never
 * learned), then checks the terminal's record (Status) and voids it by its ReferenceId unless it
 * is voided already. Only a test sale this app journaled on this profile's terminal.
 */
export async function resolveTestSale(deps: MoneyMoveDeps, profile: ProfileView, referenceId: string): Promise<TestSaleFate> {
  const uses = isTestSaleReference(referenceId) ? await deps.journal.usesOf(profile.tpn, referenceId) : [];
  let sale = uses.filter((use) => use.intent.op === 'Sale').at(-1);
  if (!sale) {
    throw new AppFailure('NOT_FOUND', m.diag_not_a_test_sale({ reference: referenceId, name: profile.name }), {
      fields: [{ path: 'referenceId', message: m.diag_not_a_test_sale_field({ prefix: TEST_SALE_PREFIX }) }],
    });
  }
  if (!sale.outcome) {
    try {
      sale = (await resumeMoneyMove(deps, sale)).entry;
    } catch (error) {
      if (error instanceof AppFailure && error.detail.code === 'OUTCOME_UNKNOWN') {
        return mayBeChargedFate(referenceId, TIP_CHECK_MAX_CENTS, m.diag_why_stopped_again());
      }
      throw error;
    }
  }
  if (!isCharged(sale)) {
    const said = [sale.outcome?.statusCode, sale.outcome?.message].filter(Boolean).join(' ');
    return notChargedFate(referenceId, said ? m.diag_why_not_carried_out_said({ said }) : m.diag_why_not_carried_out());
  }
  const amountCents = chargedCents(sale);
  if (await voidedInJournal(deps.journal, sale)) return voidedFate(referenceId, amountCents);
  const record = await lookUpStatus(deps, { profileId: profile.id, referenceId, paymentType: TEST_PAYMENT_TYPE, getReceipt: 'No' });
  if (record.voided) return voidedFate(referenceId, amountCents, true);
  const voiding = await voidTestSale(deps, profile.id, referenceId, record.amounts.amount ?? amountCents);
  return voiding.ok
    ? voidedFate(referenceId, amountCents)
    : mayBeChargedFate(referenceId, amountCents, m.diag_why_void_failed({ why: voiding.why }));
}
