import { CartInput } from '@shared/ipc/display-views';
import { formatMoney } from '@shared/spin/money';
import { FormReader, type Checked } from '../form-reader';

export { cartToWire } from '@shared/ipc/cart-wire';

// What the cart editor edits: the Cart's shape (docs/PROTOCOL.md §4.12) with text as typed. toCart()
// turns it into the contract's cents cart (CartInput), checked with the contract's own schema;
// error paths are the contract's ("items.0.priceCents") so main's answers land on the same field.
// `key` only keeps each row's DOM (and focus) stable when a row above it is removed.

export interface NamedValueDraft {
  key: number;
  name: string;
  value: string;
}
export interface CustomInfoDraft {
  key: number;
  name: string;
  value: string;
}
export interface OptionDraft {
  key: number;
  name: string;
  price: string;
  quantity: string;
}
export interface ModifierDraft {
  key: number;
  name: string;
  options: OptionDraft[];
}
export interface ItemDraft {
  key: number;
  name: string;
  price: string;
  unitPrice: string;
  quantity: string;
  additionalInfo: string;
  customInfos: CustomInfoDraft[];
  modifiers: ModifierDraft[];
}
export interface CartDraft {
  amounts: NamedValueDraft[];
  cashPrices: NamedValueDraft[];
  items: ItemDraft[];
}

let nextKey = 1;
const key = () => nextKey++;

export const emptyNamedValue = (): NamedValueDraft => ({ key: key(), name: '', value: '' });
export const emptyOption = (): OptionDraft => ({ key: key(), name: '', price: '', quantity: '' });
export const emptyModifier = (): ModifierDraft => ({ key: key(), name: '', options: [emptyOption()] });
export const emptyItem = (): ItemDraft => ({
  key: key(),
  name: '',
  price: '',
  unitPrice: '',
  quantity: '1',
  additionalInfo: '',
  customInfos: [],
  modifiers: [],
});
export const emptyCart = (): CartDraft => ({ amounts: [], cashPrices: [], items: [] });

/** A cents cart back as editable text (to edit a cart that came from elsewhere). */
export function cartToDraft(cart: CartInput): CartDraft {
  const money = (cents: number | null) => (cents === null ? '' : cents < 0 ? `-${formatMoney(-cents)}` : formatMoney(cents));
  const count = (quantity: number | null) => (quantity === null ? '' : String(quantity));
  const named = (lines: CartInput['amounts']) => lines.map((line) => ({ key: key(), name: line.name, value: money(line.valueCents) }));
  return {
    amounts: named(cart.amounts),
    cashPrices: named(cart.cashPrices),
    items: cart.items.map((item) => ({
      key: key(),
      name: item.name,
      price: money(item.priceCents),
      unitPrice: money(item.unitPriceCents),
      quantity: count(item.quantity),
      additionalInfo: item.additionalInfo,
      customInfos: item.customInfos.map((info) => ({ key: key(), ...info })),
      modifiers: item.modifiers.map((modifier) => ({
        key: key(),
        name: modifier.name,
        options: modifier.options.map((option) => ({
          key: key(),
          name: option.name,
          price: money(option.priceCents),
          quantity: count(option.quantity),
        })),
      })),
    })),
  };
}

/** Text -> the contract's cents cart, or the message for each field that needs fixing. */
export function toCart(draft: CartDraft): Checked<CartInput> {
  const reader = new FormReader();
  // Prices may be negative on a display cart (a discount line); a blank is null, which the schema
  // refuses where the service needs a value (an item's Price) and passes on as "not shown" elsewhere.
  const money = (path: string, text: string) => reader.cents(path, text, { signed: true }) ?? null;
  const count = (path: string, text: string) => reader.decimal(path, text, 3) ?? null;
  const named = (list: string, lines: NamedValueDraft[]) =>
    lines.map((line, i) => ({ name: line.name, valueCents: money(`${list}.${i}.valueCents`, line.value) }));
  const candidate = {
    amounts: named('amounts', draft.amounts),
    cashPrices: named('cashPrices', draft.cashPrices),
    items: draft.items.map((item, i) => ({
      name: item.name,
      priceCents: money(`items.${i}.priceCents`, item.price),
      unitPriceCents: money(`items.${i}.unitPriceCents`, item.unitPrice),
      quantity: count(`items.${i}.quantity`, item.quantity),
      additionalInfo: item.additionalInfo,
      customInfos: item.customInfos.map((info) => ({ name: info.name, value: info.value })),
      modifiers: item.modifiers.map((modifier, m) => ({
        name: modifier.name,
        options: modifier.options.map((option, o) => ({
          name: option.name,
          priceCents: money(`items.${i}.modifiers.${m}.options.${o}.priceCents`, option.price),
          quantity: count(`items.${i}.modifiers.${m}.options.${o}.quantity`, option.quantity),
        })),
      })),
    })),
  };
  return reader.check(CartInput, candidate);
}

/** True when nothing was entered: a Sale may then leave the cart out altogether. */
export function isEmptyCart(draft: CartDraft): boolean {
  return draft.amounts.length === 0 && draft.cashPrices.length === 0 && draft.items.length === 0;
}
