// Validation the live proxy applies on top of the shared wire schema. The shared schema describes
// what the documents allow (a Cart item's Quantity and Price are "nullable number", Amounts may be
// an empty list), while live services were seen refusing a Cart item without Quantity or Price and
// a Cart without Amounts (docs/PROTOCOL.md §4.12): the simulator answers like the live service, so a
// client that leaves them out learns it here and not at a customer's counter.
import { CART_AMOUNTS_REQUIRED } from './proxy-wording';

/** The live service's own words, each followed by the paths of the offending fields. */
const ITEM_FIELD_REQUIRED = (field: string) => `${field} field is required for Items in Cart's Items List`;
const REQUIRED_ITEM_FIELDS = ['Quantity', 'Price'] as const;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * Every Cart rule the request breaks (Cart itself, and Sale/Auth/Capture inline), as DetailedMessage
 * sentences of a 400 / 2201, or []. Reads the body defensively: it also runs on a request the shared
 * schema refused, so all problems are reported at once, as the live service does.
 */
export function proxyRuleViolations(request: unknown): string[] {
  const cart = isObject(request) ? request.Cart : undefined;
  if (!isObject(cart)) return [];
  const problems: string[] = [];
  const items = Array.isArray(cart.Items) ? cart.Items : [];
  for (const field of REQUIRED_ITEM_FIELDS) {
    const missing = items.flatMap((item, index) => (isObject(item) && item[field] == null ? [`Cart.Items.${index}.${field}`] : []));
    if (missing.length > 0) {
      problems.push(`${ITEM_FIELD_REQUIRED(field)} (${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing).`);
    }
  }
  // A missing list is the shared schema's to report (in the same words, proxy-wording.ts); an empty one is not.
  if (Array.isArray(cart.Amounts) && cart.Amounts.length === 0) problems.push(`${CART_AMOUNTS_REQUIRED}.`);
  return problems;
}
