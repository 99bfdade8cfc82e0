// The property every fault and crash test ends with: the journal and the terminal's batch agree
// exactly. Every approval the terminal holds is in the journal as approved with the same amount,
// nothing the journal calls approved is missing from the terminal, and nothing is left unknown.
import type { SimulatorControl } from '../../simulator';
import { toCents } from '@shared/spin/money';
import type { JournalEntry } from '../../electron/services/journal/records';

interface WireRecord {
  ReferenceId?: string;
  Amounts?: { Amount?: number | null };
}

/** Problems found, in words; an empty list means the two agree. */
export function disagreements(entries: readonly JournalEntry[], control: SimulatorControl, tpns: readonly string[]): string[] {
  const problems: string[] = [];
  for (const tpn of tpns) {
    const records = new Map<string, WireRecord>();
    for (const record of control.getState(tpn).records as WireRecord[]) records.set(record.ReferenceId ?? '', record);
    const mine = entries.filter((e) => e.intent.tpn === tpn && e.intent.op === 'Sale');
    const byRef = new Map<string, JournalEntry[]>();
    for (const entry of mine) byRef.set(entry.intent.ref, [...(byRef.get(entry.intent.ref) ?? []), entry]);
    for (const entry of mine) {
      const { ref } = entry.intent;
      const result = entry.outcome?.result;
      const record = records.get(ref);
      if (result === undefined) problems.push(`${tpn} ${ref}: still unknown in the journal`);
      else if (result === 'approved' || result === 'partial') {
        if (!record) problems.push(`${tpn} ${ref}: journal says ${result}, terminal has no record`);
        else if (toCents(record.Amounts?.Amount ?? 0) !== entry.outcome?.approvedCents) {
          problems.push(`${tpn} ${ref}: journal approved ${entry.outcome?.approvedCents}, terminal ${record.Amounts?.Amount}`);
        }
      } else if (record && (byRef.get(ref) ?? []).every((e) => e.outcome?.result !== 'approved')) {
        problems.push(`${tpn} ${ref}: journal says ${result}, but the terminal approved it (lost approval)`);
      }
    }
    for (const ref of records.keys()) {
      const approvedInJournal = (byRef.get(ref) ?? []).filter((e) => e.outcome?.result === 'approved' || e.outcome?.result === 'partial');
      if (approvedInJournal.length === 0) problems.push(`${tpn} ${ref}: terminal approved it, journal has no approval (lost approval)`);
      if (approvedInJournal.length > 1) problems.push(`${tpn} ${ref}: journal approved it ${approvedInJournal.length} times (duplicate)`);
    }
  }
  return problems;
}
