import type { Cart } from '../spin/cart';
import { toDollars } from '../spin/money';
import type { CartInput, CartItemInput } from './display-views';

// The one conversion from the app's cart (cents) to the wire's Cart (dollars). Main sends what it
// returns; the renderer's cart helpers re-export it so screens and tests use the same code. Each
// value is divided once, never summed in dollars, so no binary-fraction drift can creep in.

const dollarsOrNull = (cents: number | null): number | null => (cents === null ? null : toDollars(cents));

function itemToWire(item: CartItemInput): Cart['Items'][number] {
  return {
    Name: item.name,
    Price: dollarsOrNull(item.priceCents),
    UnitPrice: dollarsOrNull(item.unitPriceCents),
    Quantity: item.quantity,
    ...(item.additionalInfo ? { AdditionalInfo: item.additionalInfo } : {}),
    CustomInfos: item.customInfos.map((info) => ({ Name: info.name, Value: info.value })),
    Modifiers: item.modifiers.map((modifier) => ({
      Name: modifier.name,
      Options: modifier.options.map((option) => ({
        Name: option.name,
        Price: dollarsOrNull(option.priceCents),
        Quantity: option.quantity,
      })),
    })),
  };
}

export function cartToWire(cart: CartInput): Cart {
  const named = (lines: CartInput['amounts']) => lines.map((line) => ({ Name: line.name, Value: dollarsOrNull(line.valueCents) }));
  return {
    Amounts: named(cart.amounts),
    ...(cart.cashPrices.length > 0 ? { CashPrices: named(cart.cashPrices) } : {}),
    Items: cart.items.map(itemToWire),
  };
}
