import * as m from '@shared/i18n/paraglide/messages/_index.js';
import type { Language } from '@shared/i18n/languages';
import type { EndpointName } from '@shared/spin/endpoints';

// A service that has no route for an endpoint answers HTTP 404 (docs/PROTOCOL.md §1.4): live, the
// production host answered /v2/Payment/Cart so in a 2026-05 smoke test (§4.12). The SPIn client
// marks such an answer once (SpinError.notOffered) and words it here, so every screen, and the
// journal of a money move refused that way, names the missing endpoint in the same plain words
// instead of a generic error or the 2004 its body may carry ("a TPN without SPIn").

/** "This terminal's service does not offer Cart (showing a cart on the customer display).", one sentence per endpoint. */
const NOT_OFFERED: Record<EndpointName, (inputs: Record<string, never>, options: { locale?: Language }) => string> = {
  Sale: m.diag_not_offered_sale,
  Auth: m.diag_not_offered_auth,
  Capture: m.diag_not_offered_capture,
  Return: m.diag_not_offered_return,
  Void: m.diag_not_offered_void,
  TipAdjust: m.diag_not_offered_tip_adjust,
  Balance: m.diag_not_offered_balance,
  Status: m.diag_not_offered_status,
  StatusList: m.diag_not_offered_status_list,
  OfflineStatus: m.diag_not_offered_offline_status,
  Settle: m.diag_not_offered_settle,
  Summary: m.diag_not_offered_summary,
  Daily: m.diag_not_offered_daily,
  AddLevel3Item: m.diag_not_offered_add_level_3_item,
  RemoveLevel3Item: m.diag_not_offered_remove_level_3_item,
  Cart: m.diag_not_offered_cart,
  PaymentInvoice: m.diag_not_offered_payment_invoice,
  SelectInvoice: m.diag_not_offered_select_invoice,
  UserInput: m.diag_not_offered_user_input,
  UserChoice: m.diag_not_offered_user_choice,
  Disclaimer: m.diag_not_offered_disclaimer,
  GetSignature: m.diag_not_offered_get_signature,
  GetCard: m.diag_not_offered_get_card,
  AbortTransaction: m.diag_not_offered_abort_transaction,
  TerminalStatus: m.diag_not_offered_terminal_status,
};

/** What to do about it, with what else a cashier can do where there is another way. */
const REMEDY: Partial<Record<EndpointName, () => string>> = {
  Cart: m.diag_not_offered_remedy_cart,
};

/**
 * True for a 404 that says the route is missing. TerminalStatus answers 404 with a TerminalStatus
 * body when the proxy does not know the TPN (§4.20): that is its answer, not a missing endpoint.
 */
export function isNotOfferedAnswer(httpStatus: number, body: unknown): boolean {
  if (httpStatus !== 404) return false;
  return !(typeof body === 'object' && body !== null && typeof (body as { TerminalStatus?: unknown }).TerminalStatus === 'string');
}

/** The sentence naming the endpoint, in `language` (the request log's English), else in the one main speaks. */
export function notOfferedMessage(name: EndpointName, language?: Language): string {
  return NOT_OFFERED[name]({}, { locale: language });
}

/** Nothing was carried out: the screens say so in their own words. `name` is a SpinError's endpoint (an EndpointName, typed as text there). */
export function notOfferedRemedy(name: string): string {
  return (REMEDY[name as EndpointName] ?? m.diag_not_offered_remedy)();
}
