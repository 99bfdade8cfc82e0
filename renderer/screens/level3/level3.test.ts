import { fireEvent, render, screen } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import { profileView } from '../../test-support/fixtures';
import { callsTo, installFakeTransport } from '../../test-support/fake-transport';
import { control, expectFieldError } from '../../test-support/field-error';
import { emptyTarget } from './level3-forms';
import { level3 } from './level3-state.svelte';
import Level3Screen from './Level3Screen.svelte';
import { profiles } from '../../state/profiles.svelte';

const profile = profileView();
const type = (label: string | RegExp, value: string) => fireEvent.input(control(label), { target: { value } });
const press = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));

beforeEach(() => {
  profiles.apply({ profiles: [profile], activeId: profile.id });
  level3.request.reset();
  level3.target = emptyTarget();
  level3.targetErrors = {};
  level3.authCode = null;
  level3.staged = [];
});

describe('Level 3: add line items', () => {
  it('names the missing auth code, reference and description, and bad amounts, at their fields', async () => {
    const calls = installFakeTransport({});
    render(Level3Screen);
    await type(/^Tax amount/, '1.234');
    await type(/^Unit cost/, 'abc');
    await type(/^Quantity/, '-1');
    await press('Add 1 line');
    expectFieldError(/^Auth code/, 'Must not be empty');
    expectFieldError(/^Reference/, 'Must not be empty');
    expectFieldError('Line 1 description', 'Must not be empty');
    expectFieldError(/^Tax amount/, 'Use at most 2 decimal places');
    expectFieldError(/^Unit cost/, 'Enter an amount like 12.50');
    expectFieldError(/^Quantity/, 'Enter a number like 2 or 1.5');
    expect(calls).toHaveLength(0);
  });

  it('opens "More fields" when a folded field needs fixing', async () => {
    installFakeTransport({});
    render(Level3Screen);
    const more = screen.getByText('More fields').closest('details') as HTMLDetailsElement;
    expect(more.open).toBe(false);
    await press('Add 1 line');
    await type(/^Auth code/, 'A1B2C3');
    await type(/^Reference/, 'REF1');
    await type('Line 1 description', 'Bolts');
    await type(/^Destination country code/, 'USAX');
    await press('Add 1 line');
    expect(more.open).toBe(true);
    expectFieldError(/^Destination country code/, 'Must be at most 3 characters');
  });

  it('adds lines, shows the line item count and removes a line by its number', async () => {
    let count = 0;
    const calls = installFakeTransport({
      'lineitems:add': (input) => ({
        authCode: input.authCode,
        referenceId: input.referenceId,
        lineItemCount: (count += input.items.length),
      }),
      'lineitems:remove': (input) => ({ authCode: input.authCode, referenceId: input.referenceId, lineItemCount: (count -= 1) }),
    });
    render(Level3Screen);
    await type(/^Auth code/, 'A1B2C3');
    await type(/^Reference/, 'REF1');
    await type('Line 1 description', 'Bolts');
    await type(/^Line total/, '25');
    await press('Add line item');
    await type('Line 2 description', 'Nuts');
    await press('Add 2 lines');
    await screen.findByText(/Line item count for auth code/);
    expect(callsTo(calls, 'lineitems:add')[0]?.input).toMatchObject({
      authCode: 'A1B2C3',
      referenceId: 'REF1',
      paymentType: 'Credit',
      items: [{ description: 'Bolts', totalCents: 2500 }, { description: 'Nuts' }],
    });
    expect(screen.getByRole('table').textContent).toContain('$25.00');
    expect(document.querySelector('.count')?.textContent).toMatch(/A1B2C3:\s*2/);

    await press('Remove line 1');
    await screen.findByText((_, el) => el?.classList.contains('count') === true && /:\s*1$/.test(el.textContent?.trim() ?? ''));
    expect(callsTo(calls, 'lineitems:remove')[0]?.input).toMatchObject({ authCode: 'A1B2C3', lineItemNumber: 1 });
    expect(screen.getByRole('table').textContent).toMatch(/1Nuts/);
  });

  it('sends every header field from "More fields": the transaction amount, tip, cashback, custom fee and frequency', async () => {
    const calls = installFakeTransport({
      'lineitems:add': (input) => ({ authCode: input.authCode, referenceId: input.referenceId, lineItemCount: input.items.length }),
    });
    render(Level3Screen);
    await type(/^Auth code/, 'A1B2C3');
    await type(/^Reference/, 'REF1');
    await type('Line 1 description', 'Bolts');
    await type(/^Transaction amount/, '0');
    await type(/^Cashback amount/, '20');
    await type(/^Custom fee/, '0.35');
    await type(/^Frequency/, 'Monthly');
    await press('Add 1 line');
    // The wire's Amount must be above zero, like a payment's.
    expectFieldError(/^Transaction amount/, 'Must be more than $0.00');
    expect(calls).toHaveLength(0);
    await type(/^Transaction amount/, '120');
    await type(/^Tip amount/, '5');
    await press('Add 1 line');
    await screen.findByText(/Line item count for auth code/);
    expect(callsTo(calls, 'lineitems:add')[0]?.input).toMatchObject({
      header: { amountCents: 12000, tipCents: 500, cashbackCents: 2000, customFeeCents: 35, frequency: 'Monthly' },
    });
  });

  it('names a bad line number at its field', async () => {
    const calls = installFakeTransport({});
    render(Level3Screen);
    await type(/^Auth code/, 'A1B2C3');
    await type(/^Reference/, 'REF1');
    await type(/^Line number/, '0');
    await press('Remove line');
    expectFieldError(/^Line number/, 'Must be at least 1');
    await type(/^Line number/, '');
    await press('Remove line');
    expectFieldError(/^Line number/, 'Enter the number of the line to remove');
    expect(calls).toHaveLength(0);
  });
});
