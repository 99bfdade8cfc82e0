import type { JournalEntryView, JournalPage } from '@shared/ipc/journal-views';
import { history } from './history.svelte';
import { EMPTY_HISTORY_FILTER } from './history-filter';

/** A journal entry as journal:list returns it; an approved demo sale unless told otherwise. */
export function journalEntry(id: string, fields: Partial<JournalEntryView> = {}): JournalEntryView {
  return {
    id,
    operation: 'Sale',
    referenceId: `SD${id.toUpperCase()}`,
    profileId: 'p1',
    tpn: 'Z8SIM0000001',
    paymentType: 'Credit',
    amountCents: 1234,
    tipCents: 0,
    createdAt: '2026-01-31T10:00:00.000Z',
    state: 'approved',
    outcome: {
      at: '2026-01-31T10:00:02.000Z',
      statusCode: '0000',
      message: 'Approved',
      authCode: 'A1B2C3',
      transactionNumber: '7',
      batchNumber: '3',
      approvedCents: 1234,
      card: { brand: 'Visa', first4: '4761', last4: '0119' },
    },
    attempts: 0,
    ...fields,
  };
}

export function journalPage(entries: JournalEntryView[], fields: Partial<JournalPage> = {}): JournalPage {
  return { entries, total: entries.length, totalExact: true, offset: 0, limit: 50, nextOffset: null, ...fields };
}

/** History's search lives at module level (it survives leaving the screen): each test starts with none. */
export function clearHistory(): void {
  history.fields = { ...EMPTY_HISTORY_FILTER };
  history.applied = {};
  history.entries = [];
  history.total = null;
  history.totalExact = true;
  history.nextOffset = null;
  history.detail = null;
  history.loading = false;
}
