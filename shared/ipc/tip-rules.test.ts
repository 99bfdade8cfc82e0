import { describe, expect, it } from 'vitest';
import {
  chargeCheckShort,
  chargeCheckWords,
  chargedBeforeFees,
  checkCharge,
  meantTotalCents,
  wireAmountCents,
  type AnsweredAmounts,
} from './tip-rules';

const answered = (over: Partial<AnsweredAmounts>): AnsweredAmounts => ({
  total: null,
  amount: null,
  tip: null,
  fee: null,
  tax: null,
  ...over,
});

describe('the wire Amount and what was meant', () => {
  it('puts the tip inside Amount unless the terminal is known to add it on top; the meant total is the same either way', () => {
    expect(wireAmountCents(undefined, 1500, 500)).toBe(2000);
    expect(wireAmountCents('included', 1500, 500)).toBe(2000);
    expect(wireAmountCents('on-top', 1500, 500)).toBe(1500);
    expect(meantTotalCents(1500, 500)).toBe(2000);
  });
});

describe('checkCharge', () => {
  const meant = { totalCents: 2000, tipCents: 500 };

  it('agrees when TotalAmount less fees and tax is the amount plus tip entered', () => {
    expect(checkCharge(meant, answered({ total: 2100, amount: 2000, tip: 500, fee: 100, tax: 0 }))).toBeNull();
    expect(chargedBeforeFees(answered({ total: 2150, fee: 100, tax: 50 }))).toBe(2000);
  });

  it('trusts TotalAmount over Amount: a terminal that echoes the Amount sent and adds the tip only in the total is caught', () => {
    const check = checkCharge(meant, answered({ total: 2500, amount: 2000, tip: 500 }));
    expect(check).toMatchObject({ state: 'differs', meantCents: 2000, chargedCents: 2500 });
  });

  it('falls back to Amount when TotalAmount is missing, and says when the terminal gave no figures at all', () => {
    expect(checkCharge(meant, answered({ amount: 1500, tip: 500 }))).toMatchObject({ state: 'differs', chargedCents: 1500 });
    expect(checkCharge(meant, answered({ amount: 2000 }))).toBeNull();
    expect(checkCharge(meant, answered({}))).toMatchObject({ state: 'not-said', chargedCents: null });
  });

  it('flags a tip the terminal recorded differently, but not a tip it did not name', () => {
    expect(checkCharge(meant, answered({ total: 2000, tip: 0 }))).toMatchObject({ state: 'differs', chargedTipCents: 0 });
    expect(checkCharge(meant, answered({ total: 2000 }))).toBeNull();
    // A tip adjustment compares only the tip.
    expect(checkCharge({ totalCents: null, tipCents: 700 }, answered({ total: 2200, tip: 700 }))).toBeNull();
    expect(checkCharge({ totalCents: null, tipCents: 700 }, answered({ total: 2200, tip: 500 }))).toMatchObject({
      state: 'differs',
      meantCents: null,
    });
    expect(checkCharge({ totalCents: null, tipCents: 700 }, answered({}))).toBeNull();
  });
});

describe('words for the cashier', () => {
  it('says what was meant, what was charged, how the terminal read the tip and what to do', () => {
    const onTop = checkCharge(
      { totalCents: 2000, tipCents: 500, sentAmountCents: 2000 },
      answered({ total: 2600, amount: 2500, tip: 500, fee: 100 }),
    );
    const words = chargeCheckWords(onTop!, 'sale');
    expect(words.tone).toBe('danger');
    expect(words.title).toBe('The terminal charged $25.00, not $20.00');
    expect(words.lines).toEqual([
      'You entered $15.00 + $5.00 tip = $20.00.',
      'The terminal charged $25.00 ($26.00 with $1.00 in fees and tax), with a tip of $5.00.',
      'spin-desk sent Amount $20.00 with TipAmount $5.00: this terminal seems to add the tip on top of Amount.',
    ]);
    expect(words.remedy).toMatch(
      /^Check the receipt with the customer\. If \$25\.00 is wrong, void this sale and take it again for \$20\.00\. Then run “Verify this terminal”/,
    );
    expect(chargeCheckShort(onTop!)).toBe('the terminal charged $25.00, not $20.00');

    const included = checkCharge(
      { totalCents: 2000, tipCents: 500, sentAmountCents: 1500 },
      answered({ total: 1500, amount: 1500, tip: 500 }),
    );
    expect(chargeCheckWords(included!, 'capture').lines.at(-1)).toBe(
      'spin-desk sent Amount $15.00 with TipAmount $5.00: this terminal seems to take Amount as already including the tip.',
    );
  });

  it('words a tip-only difference and missing figures calmly, without a void', () => {
    const tip = chargeCheckWords(checkCharge({ totalCents: 2000, tipCents: 500 }, answered({ total: 2000, tip: 0 }))!, 'sale');
    expect(tip).toMatchObject({ tone: 'warn', title: 'The terminal recorded a tip of $0.00, not $5.00' });
    expect(tip.remedy).toContain('adjust the tip to $5.00');
    const none = chargeCheckWords(checkCharge({ totalCents: 1234, tipCents: 0 }, answered({}))!, 'refund');
    expect(none).toMatchObject({
      tone: 'warn',
      title: 'The terminal did not say what it charged',
      lines: ["You entered $12.34. The terminal's answer had no amounts in it."],
    });
  });
});
