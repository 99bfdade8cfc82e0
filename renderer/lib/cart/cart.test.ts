import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toCents } from '@shared/spin/money';
import { cartToDraft, cartToWire, emptyCart, emptyItem, emptyModifier, emptyNamedValue, toCart, type CartDraft } from './cart';
import type { CartInput } from '@shared/ipc/display-views';

function draftWith(edit: (draft: CartDraft) => void): CartDraft {
  const draft = emptyCart();
  edit(draft);
  return draft;
}

function item(fields: Partial<ReturnType<typeof emptyItem>>) {
  return { ...emptyItem(), ...fields };
}

const oneLatte: CartInput = {
  amounts: [{ name: 'Total', valueCents: 2147 }],
  cashPrices: [{ name: 'Cash total', valueCents: 2090 }],
  items: [
    {
      name: 'Latte',
      priceCents: 1099,
      unitPriceCents: 499,
      quantity: 2,
      additionalInfo: 'extra hot',
      customInfos: [{ name: 'Size', value: 'Large' }],
      modifiers: [{ name: 'Milk', options: [{ name: 'Oat', priceCents: 101, quantity: 1 }] }],
    },
    { name: 'Coupon', priceCents: -250, unitPriceCents: null, quantity: null, additionalInfo: '', customInfos: [], modifiers: [] },
  ],
};

describe('cart converter: typed text -> cents', () => {
  it('reads prices as integer cents, a leading minus as a discount and blanks as "not shown"', () => {
    const checked = toCart(
      draftWith((d) => {
        d.items.push(item({ name: 'Latte', price: '$10.99', unitPrice: '4.99', quantity: '2' }));
        d.items.push(item({ name: 'Coupon', price: '-2.50', quantity: '' }));
        d.amounts.push({ ...emptyNamedValue(), name: 'Total', value: '1,021.47' });
      }),
    );
    expect(checked).toEqual({
      ok: true,
      value: {
        amounts: [{ name: 'Total', valueCents: 102147 }],
        cashPrices: [],
        items: [
          { name: 'Latte', priceCents: 1099, unitPriceCents: 499, quantity: 2, additionalInfo: '', customInfos: [], modifiers: [] },
          { name: 'Coupon', priceCents: -250, unitPriceCents: null, quantity: null, additionalInfo: '', customInfos: [], modifiers: [] },
        ],
      },
    });
  });

  it('names each field that needs fixing by its contract path', () => {
    const checked = toCart(
      draftWith((d) => {
        d.items.push(item({ name: '', price: '12.345', quantity: '1.2345' }));
        const modifier = emptyModifier();
        modifier.options[0] = { ...modifier.options[0]!, name: 'Oat', price: 'abc' };
        d.items.push(item({ name: 'Tea', modifiers: [modifier] }));
        d.amounts.push({ ...emptyNamedValue(), name: 'Total', value: '' });
      }),
    );
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors).toMatchObject({
      'items.0.name': 'Must not be empty',
      'items.0.priceCents': 'Use at most 2 decimal places',
      'items.0.quantity': 'Enter a number like 2 or 1.5 (at most 3 decimals)',
      'items.1.modifiers.0.name': 'Must not be empty',
      'items.1.modifiers.0.options.0.priceCents': 'Enter an amount like 12.50',
    });
    // A blank total line is allowed (shown without a value), so no error there.
    expect(checked.errors['amounts.0.valueCents']).toBeUndefined();
  });

  it('gives back the same cart after a round trip through the editor text', () => {
    expect(toCart(cartToDraft(oneLatte))).toEqual({ ok: true, value: oneLatte });
  });
});

describe('cart converter: cents -> wire dollars', () => {
  it('converts every money field once, in place, to the nearest dollar double', () => {
    expect(cartToWire(oneLatte)).toEqual({
      Amounts: [{ Name: 'Total', Value: 21.47 }],
      CashPrices: [{ Name: 'Cash total', Value: 20.9 }],
      Items: [
        {
          Name: 'Latte',
          Price: 10.99,
          UnitPrice: 4.99,
          Quantity: 2,
          AdditionalInfo: 'extra hot',
          CustomInfos: [{ Name: 'Size', Value: 'Large' }],
          Modifiers: [{ Name: 'Milk', Options: [{ Name: 'Oat', Price: 1.01, Quantity: 1 }] }],
        },
        { Name: 'Coupon', Price: -2.5, UnitPrice: null, Quantity: null, CustomInfos: [], Modifiers: [] },
      ],
    });
  });

  it('leaves out CashPrices when there are none', () => {
    expect(cartToWire({ ...oneLatte, cashPrices: [] })).not.toHaveProperty('CashPrices');
  });

  it('never drifts: every cent value reads back as the same cents with at most 2 decimals', () => {
    const cents = fc.integer({ min: -9_999_999_999, max: 9_999_999_999 });
    fc.assert(
      fc.property(fc.array(cents, { minLength: 1, maxLength: 20 }), (values) => {
        const wire = cartToWire({
          amounts: values.map((valueCents, i) => ({ name: `L${i}`, valueCents })),
          cashPrices: [],
          items: values.map((priceCents, i) => ({ ...oneLatte.items[1]!, name: `I${i}`, priceCents })),
        });
        const back = [...wire.Amounts.map((line) => line.Value), ...wire.Items.map((line) => line.Price)];
        for (const [i, dollars] of back.entries()) {
          expect(toCents(dollars as number)).toBe(values[i % values.length]);
          expect(String(dollars)).toMatch(/^-?\d+(\.\d{1,2})?$/);
        }
      }),
    );
  });

  it('keeps the classic float traps exact (0.1 + 0.2 style values)', () => {
    const trap = (valueCents: number) => cartToWire({ amounts: [{ name: 'x', valueCents }], cashPrices: [], items: [] }).Amounts[0]?.Value;
    expect([10, 20, 30, 1999, 100_000_001, 9_999_999_999].map(trap)).toEqual([0.1, 0.2, 0.3, 19.99, 1_000_000.01, 99_999_999.99]);
  });
});
