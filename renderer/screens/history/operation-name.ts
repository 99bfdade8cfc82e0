import type { JournalEntryView } from '@shared/ipc/journal-views';

/** The operation as the menu names it ("Tip adjust"), never the wire name ("TipAdjust"). */
const NAMES: Record<JournalEntryView['operation'], string> = {
  Sale: 'Sale',
  Auth: 'Auth',
  Capture: 'Capture',
  Return: 'Return',
  Void: 'Void',
  TipAdjust: 'Tip adjust',
  Settle: 'Settle',
};

export function operationName(operation: JournalEntryView['operation']): string {
  return NAMES[operation];
}
