import { DECIMAL, type FieldSpec, type RowsSpec } from '../ui/field-spec';
import { emptyOption, type OptionDraft } from './cart';

// The boxes of the cart editor, drawn by FormFields; keys are those of the drafts in cart.ts, ids
// and error paths come from FormFields' prefixes ("<item id>-", "items.0."). Prices are signed:
// a minus sign makes a discount.

/** An item's name, count and prices, side by side; `label` is "Item 1". */
export const itemFields = (label: string): readonly FieldSpec[] => [
  { key: 'name', id: 'name', label: `${label} name`, class: 'wide' },
  { key: 'quantity', id: 'quantity', label: 'Quantity', optional: true, ...DECIMAL },
  { key: 'unitPrice', id: 'unit-price', label: 'Unit price', optional: true, money: 'signed', errorKey: 'unitPriceCents' },
  { key: 'price', id: 'price', label: 'Price', money: 'signed', errorKey: 'priceCents', hint: 'Line total; a minus sign for a discount.' },
];

export const ITEM_INFO: readonly FieldSpec[] = [{ key: 'additionalInfo', id: 'info', label: 'Additional info', optional: true }];

/** A modifier's name; `label` is "Item 1 modifier 2". */
export const modifierFields = (label: string): readonly FieldSpec[] => [
  { key: 'name', id: 'name', label: `${label} name`, hint: 'For example Milk or Size.' },
];

/** The options of the modifier with these ids and contract path ("items.0.modifiers.1"). */
export const optionRows = (id: string, path: string): RowsSpec<OptionDraft> => ({
  path: `${path}.options`,
  id: `${id}-option`,
  legend: 'Options',
  rowLabel: 'Option',
  newRow: emptyOption,
  max: 20,
  fields: (o) => [
    { key: 'name', id: 'name', label: `Option ${o + 1}` },
    { key: 'price', id: 'price', label: `Option ${o + 1} price`, optional: true, money: 'signed', errorKey: 'priceCents' },
    { key: 'quantity', id: 'quantity', label: `Option ${o + 1} quantity`, optional: true, ...DECIMAL },
  ],
});

/** One named line: an amount of the totals or cash prices (money), or a custom info (text). */
export const lineFields = (label: string, kind: 'money' | 'text'): readonly FieldSpec[] => [
  { key: 'name', id: 'name', label: `${label} name` },
  kind === 'money'
    ? { key: 'value', id: 'value', label: `${label} amount`, optional: true, money: 'signed', errorKey: 'valueCents' }
    : { key: 'value', id: 'value', label: `${label} value`, optional: true, autocomplete: 'off' },
];
