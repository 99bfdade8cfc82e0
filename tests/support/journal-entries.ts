import type { Journal } from '../../electron/services/journal/journal';
import type { JournalEntry, NewIntent } from '../../electron/services/journal/records';

/** Every entry of a (small, test-sized) journal, newest first, collected from its stream. */
export async function allEntries(journal: Journal): Promise<JournalEntry[]> {
  const entries: JournalEntry[] = [];
  for await (const entry of journal.entries('newest')) entries.push(entry);
  return entries;
}

/** A $12.34 credit sale's intent on a fake terminal, for journal tests (`more` changes any field). */
export function saleIntent(ref: string, more: Partial<NewIntent> = {}): NewIntent {
  return {
    op: 'Sale',
    ref,
    tpn: 'FAKETPN001',
    profileId: 'p1',
    paymentType: 'Credit',
    amountCents: 1234,
    tipCents: 0,
    deadlineMs: Date.parse('2026-11-26T10:00:00Z'),
    ...more,
  };
}
