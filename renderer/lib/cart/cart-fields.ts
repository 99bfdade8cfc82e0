import { DECIMAL, type FieldSpec, type RowsSpec } from '../ui/field-spec';
import { emptyOption, type OptionDraft } from './cart';
import { m } from '../i18n/messages';

// The boxes of the cart editor, drawn by FormFields; keys are those of the drafts in cart.ts, ids
// and error paths come from FormFields' prefixes ("<item id>-", "items.0."). Prices are signed:
// a minus sign makes a discount. Functions, called in the markup, so labels and hints follow a
// language switch.

/** An item's name, count and prices, side by side; `label` is "Item 1". */
export const itemFields = (label: string): readonly FieldSpec[] => [
  { key: 'name', id: 'name', label: m.cart_field_name({ label }), class: 'wide' },
  { key: 'quantity', id: 'quantity', label: m.cart_quantity(), optional: true, ...DECIMAL },
  { key: 'unitPrice', id: 'unit-price', label: m.cart_unit_price(), optional: true, money: 'signed', errorKey: 'unitPriceCents' },
  { key: 'price', id: 'price', label: m.cart_price(), money: 'signed', errorKey: 'priceCents', hint: m.cart_price_hint() },
];

export const itemInfo = (): readonly FieldSpec[] => [
  { key: 'additionalInfo', id: 'info', label: m.cart_additional_info(), optional: true },
];

/** A modifier's name; `label` is "Item 1 modifier 2". */
export const modifierFields = (label: string): readonly FieldSpec[] => [
  { key: 'name', id: 'name', label: m.cart_field_name({ label }), hint: m.cart_modifier_hint() },
];

/** The options of the modifier with these ids and contract path ("items.0.modifiers.1"). */
export const optionRows = (id: string, path: string): RowsSpec<OptionDraft> => ({
  path: `${path}.options`,
  id: `${id}-option`,
  legend: m.cart_options(),
  rowLabel: m.cart_option(),
  newRow: emptyOption,
  max: 20,
  fields: (o) => [
    { key: 'name', id: 'name', label: m.cart_option_numbered({ number: o + 1 }) },
    { key: 'price', id: 'price', label: m.cart_option_price({ number: o + 1 }), optional: true, money: 'signed', errorKey: 'priceCents' },
    { key: 'quantity', id: 'quantity', label: m.cart_option_quantity({ number: o + 1 }), optional: true, ...DECIMAL },
  ],
});

/** One named line: an amount of the totals or cash prices (money), or a custom info (text). */
export const lineFields = (label: string, kind: 'money' | 'text'): readonly FieldSpec[] => [
  { key: 'name', id: 'name', label: m.cart_field_name({ label }) },
  kind === 'money'
    ? { key: 'value', id: 'value', label: m.cart_field_amount({ label }), optional: true, money: 'signed', errorKey: 'valueCents' }
    : { key: 'value', id: 'value', label: m.cart_field_value({ label }), optional: true, autocomplete: 'off' },
];
