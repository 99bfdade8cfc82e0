import type { EndpointName } from '@shared/spin/endpoints';

// A service that has no route for an endpoint answers HTTP 404 (docs/PROTOCOL.md §1.4): live, the
// production host answered /v2/Payment/Cart so in a 2026-05 smoke test (§4.12). The SPIn client
// marks such an answer once (SpinError.notOffered) and words it here, so every screen, and the
// journal of a money move refused that way, names the missing endpoint in the same plain words
// instead of a generic error or the 2004 its body may carry ("a TPN without SPIn").

/** What each endpoint does, in the words the screens use. */
const WHAT_IT_DOES: Record<EndpointName, string> = {
  Sale: 'a sale',
  Auth: 'a card authorisation',
  Capture: 'capturing an authorisation',
  Return: 'a return',
  Void: 'a void',
  TipAdjust: 'adjusting a tip',
  Balance: 'a card balance',
  Status: 'looking up a transaction',
  StatusList: 'listing transactions',
  OfflineStatus: 'listing offline transactions',
  Settle: 'settling the batch',
  Summary: 'the batch summary report',
  Daily: 'the daily report',
  AddLevel3Item: 'adding a Level 3 item',
  RemoveLevel3Item: 'removing a Level 3 item',
  Cart: 'showing a cart on the customer display',
  PaymentInvoice: 'paying an invoice on the terminal',
  SelectInvoice: 'choosing an invoice on the terminal',
  UserInput: 'asking the customer to type an answer',
  UserChoice: 'asking the customer to choose',
  Disclaimer: 'showing a disclaimer',
  GetSignature: 'asking for a signature',
  GetCard: 'reading a card without charging it',
  AbortTransaction: 'cancelling on the terminal',
  TerminalStatus: 'the terminal connection status',
};

/** What else a cashier can do, where there is another way. */
const INSTEAD: Partial<Record<EndpointName, string>> = {
  Cart: 'A sale can still carry the cart: add it under More options on the payment form.',
};

/**
 * True for a 404 that says the route is missing. TerminalStatus answers 404 with a TerminalStatus
 * body when the proxy does not know the TPN (§4.20): that is its answer, not a missing endpoint.
 */
export function isNotOfferedAnswer(httpStatus: number, body: unknown): boolean {
  if (httpStatus !== 404) return false;
  return !(typeof body === 'object' && body !== null && typeof (body as { TerminalStatus?: unknown }).TerminalStatus === 'string');
}

/** "This terminal's service does not offer Cart (showing a cart on the customer display)." */
export function notOfferedMessage(name: EndpointName): string {
  return `This terminal's service does not offer ${name} (${WHAT_IT_DOES[name]}).`;
}

/** Nothing was carried out: the screens say so in their own words. `name` is a SpinError's endpoint (an EndpointName, typed as text there). */
export function notOfferedRemedy(name: string): string {
  const instead = INSTEAD[name as EndpointName];
  return [
    instead,
    'Ask your provider whether this service offers it; if every request is answered this way, check the base URL in the terminal profile (Terminals).',
  ]
    .filter(Boolean)
    .join(' ');
}
