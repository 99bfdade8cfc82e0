import type { JournalEntryView } from '@shared/ipc/journal-views';
import { wordSaid } from './i18n/messages';

/**
 * Why an entry's outcome became unknown, in the page's language while the run of main that lost it
 * still knows its Said (live.reasonSaid), else the journal's English; undefined when it never was.
 */
export function lostReasonWords(entry: JournalEntryView): string | undefined {
  return entry.unknownReason ? wordSaid(entry.live?.reasonSaid, entry.unknownReason) : undefined;
}
