import type { Journal } from '../../electron/services/journal/journal';
import type { JournalEntry } from '../../electron/services/journal/records';

/** Every entry of a (small, test-sized) journal, newest first, collected from its stream. */
export async function allEntries(journal: Journal): Promise<JournalEntry[]> {
  const entries: JournalEntry[] = [];
  for await (const entry of journal.entries('newest')) entries.push(entry);
  return entries;
}
