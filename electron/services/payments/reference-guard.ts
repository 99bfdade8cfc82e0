import { AppFailure } from '../app-failure';
import type { Journal } from '../journal/journal';
import type { MoneyOperation } from '../journal/records';
import { operationWord } from '../terminal/terminal-activity';
import * as m from '@shared/i18n/paraglide/messages/_index.js';

/** Operations that create a new record in the batch and so need a ReferenceId of their own. */
const NEW_RECORD: ReadonlySet<MoneyOperation> = new Set(['Sale', 'Auth', 'Capture', 'Return', 'Settle']);

function refused(message: string): AppFailure {
  return new AppFailure('BAD_INPUT', message, { fields: [{ path: 'referenceId', message }] });
}

/** References between their check and their intent, per journal: a second request with one waits for nothing, it is refused. */
const claimed = new WeakMap<Journal, Set<string>>();

/**
 * Checks a reference (checkReference) and holds it until `release()`, which the caller calls once
 * the intent is written (or writing it failed). Two requests with the same reference at once
 * would otherwise both pass the check before either intent exists, and both be sent.
 */
export async function claimReference(journal: Journal, tpn: string, op: MoneyOperation, ref: string): Promise<() => void> {
  const key = `${tpn}\u0000${ref.toLowerCase()}`;
  let held = claimed.get(journal);
  if (!held) claimed.set(journal, (held = new Set()));
  if (held.has(key)) throw refused(m.svc_ref_being_sent({ operation: operationWord(op) }));
  held.add(key);
  const release = () => void held.delete(key);
  try {
    await checkReference(journal, tpn, op, ref);
  } catch (error) {
    release();
    throw error;
  }
  return release;
}

/**
 * The journal's rule for ReferenceIds, checked before an intent is written:
 * - while any request with this reference has an unknown outcome, nothing else is sent with it
 *   (the first one may still go through; it is being looked up);
 * - a new payment may reuse a reference only when every earlier use was refused before it
 *   reached the terminal. After "not processed" the reference stays burnt: a new attempt gets a
 *   new one, so a late record of the old request can never be mistaken for the new one.
 */
export async function checkReference(journal: Journal, tpn: string, op: MoneyOperation, ref: string): Promise<void> {
  const uses = await journal.usesOf(tpn, ref);
  const unknown = uses.find((entry) => entry.outcome === undefined);
  if (unknown) {
    throw refused(m.svc_ref_looking_up({ operation: unknown.intent.op }));
  }
  if (!NEW_RECORD.has(op)) return;
  const taken = uses.find((entry) => entry.outcome?.result !== 'refused');
  if (taken) {
    throw refused(m.svc_ref_used({ operation: taken.intent.op, result: String(taken.outcome?.result), newOperation: operationWord(op) }));
  }
}
