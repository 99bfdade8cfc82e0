// Validation the live proxy applies on top of the shared wire schema. The shared schema describes
// what the documents allow (Cart item Quantity is "nullable number"), while a live UAT service was
// seen refusing an item without one (docs/PROTOCOL.md §4.12): the simulator answers like the live
// service, so a client that leaves Quantity out learns it here and not at a customer's counter.

/** The live service's own words, followed by the path of the offending field. */
const MISSING_QUANTITY = "Quantity field is required for Items in Cart's Items List";

/** Every request that may carry a Cart (Cart itself, and Sale/Auth/Capture inline). */
function cartItems(request: Record<string, unknown>): unknown[] {
  const cart = request.Cart;
  if (typeof cart !== 'object' || cart === null) return [];
  const items = (cart as { Items?: unknown }).Items;
  return Array.isArray(items) ? items : [];
}

/**
 * The first rule the request breaks, as the DetailedMessage detail of a 400 / 2201, or null. Runs
 * after the shared schema accepted the request, so shapes are already known to be right.
 */
export function proxyRuleViolation(request: Record<string, unknown>): string | null {
  const index = cartItems(request).findIndex((item) => (item as { Quantity?: unknown }).Quantity == null);
  return index < 0 ? null : `${MISSING_QUANTITY} (Cart.Items.${index}.Quantity is missing)`;
}
