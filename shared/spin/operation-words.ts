import * as m from '../i18n/paraglide/messages/_index.js';
import type { EndpointName } from './endpoint-table';

// A request's name inside a sentence the page shows ("sale ABC123 from this PC", "Go to tip
// adjust ABC123"), in the page's language, never the wire name ("TipAdjust"). Read when shown.

const NAMES: Record<EndpointName, () => string> = {
  Sale: m.words_op_sale,
  Auth: m.words_op_auth,
  Capture: m.words_op_capture,
  Return: m.words_op_return,
  Void: m.words_op_void,
  TipAdjust: m.words_op_tip_adjust,
  Balance: m.words_op_balance,
  Status: m.words_op_status,
  StatusList: m.words_op_status_list,
  OfflineStatus: m.words_op_offline_status,
  Settle: m.words_op_settle,
  Summary: m.words_op_summary,
  Daily: m.words_op_daily,
  AddLevel3Item: m.words_op_add_level3_item,
  RemoveLevel3Item: m.words_op_remove_level3_item,
  Cart: m.words_op_cart,
  PaymentInvoice: m.words_op_payment_invoice,
  SelectInvoice: m.words_op_select_invoice,
  UserInput: m.words_op_user_input,
  UserChoice: m.words_op_user_choice,
  Disclaimer: m.words_op_disclaimer,
  GetSignature: m.words_op_get_signature,
  GetCard: m.words_op_get_card,
  AbortTransaction: m.words_op_abort_transaction,
  TerminalStatus: m.words_op_terminal_status,
};

/** The request named as a sentence says it; a name the table does not know is said as it came. */
export function operationInSentence(operation: string): string {
  const say = (NAMES as Partial<Record<string, () => string>>)[operation];
  return say ? say() : operation;
}
