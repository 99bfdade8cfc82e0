import type { JournalEntryView } from '@shared/ipc/journal-views';
import { m } from '../../lib/i18n/messages';

/** The operation as the menu names it ("Tip adjust"), never the wire name ("TipAdjust"). */
const NAMES: Record<JournalEntryView['operation'], () => string> = {
  Sale: m.hist_op_sale,
  Auth: m.hist_op_auth,
  Capture: m.hist_op_capture,
  Return: m.hist_op_return,
  Void: m.hist_op_void,
  TipAdjust: m.hist_op_tip_adjust,
  Settle: m.hist_op_settle,
};

export function operationName(operation: JournalEntryView['operation']): string {
  return NAMES[operation]();
}
