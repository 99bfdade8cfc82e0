// The cart the live SPIn service refuses twice over (docs/PROTOCOL.md §4.12): its third item has no
// price and it has no total line. The app refuses it before sending; the handler's unit test and the
// integration test through the simulator both send it, and expect main's two rules word for word.

export const cartItem = (name: string, priceCents: number | null) => ({
  name,
  priceCents,
  unitPriceCents: null,
  quantity: 1,
  additionalInfo: '',
  customInfos: [],
  modifiers: [],
});

export const refusedCart = { amounts: [], cashPrices: [], items: [cartItem('Latte', 450), cartItem('Scone', 300), cartItem('Tea', null)] };
export const PRICE_RULE = 'cart.items.2.priceCents must be given: the SPIn service refuses a cart item without a price';
export const TOTAL_RULE = 'cart.amounts must contain at least 1 total line: the SPIn service refuses a cart without one';
