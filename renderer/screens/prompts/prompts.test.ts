import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import { profileView } from '../../test-support/fixtures';
import { callsTo, installFakeTransport } from '../../test-support/fake-transport';
import { control, expectFieldError, expectNoFieldError } from '../../test-support/field-error';
import CartPanel from './CartPanel.svelte';
import GetCardPanel from './GetCardPanel.svelte';
import { cartRequest, getCardRequest, userChoiceRequest, userInputRequest } from './prompt-state.svelte';
import UserChoicePanel from './UserChoicePanel.svelte';
import UserInputPanel from './UserInputPanel.svelte';

const profile = profileView({ proxyTimeoutSeconds: 90 });

const type = (label: string | RegExp, value: string) => fireEvent.input(control(label), { target: { value } });
const press = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));

beforeEach(() => {
  for (const request of [userInputRequest, userChoiceRequest, getCardRequest, cartRequest]) request.reset();
});

describe('Ask for input', () => {
  it('offers every kind of answer in its drop-down, digits first', () => {
    render(UserInputPanel, { profile });
    const kinds = [...(control(/^What the customer types/) as unknown as HTMLSelectElement).options].map((option) => [
      option.value,
      option.text,
    ]);
    expect(kinds).toEqual([
      ['Number', 'Digits'],
      ['Letters', 'Letters'],
      ['NumberAndLetters', 'Digits and letters'],
      ['Currency', 'Amount of money'],
      ['InfoOnly', 'Message only (no typing)'],
    ]);
  });

  it('names the missing question and an unreadable timeout at their fields, and sends nothing', async () => {
    const calls = installFakeTransport({});
    render(UserInputPanel, { profile });
    await type(/^Time to answer/, '2 min');
    await type(/^Longest answer/, '101');
    await press('Ask the customer');
    expectFieldError(/^Question on the terminal/, 'Must not be empty');
    expectFieldError(/^Time to answer/, 'Enter a whole number');
    expectFieldError(/^Longest answer/, 'Must be at most 100');
    expect(document.activeElement).toBe(control(/^Question on the terminal/));
    expect(calls).toHaveLength(0);
  });

  it('refuses a timeout above 720 seconds', async () => {
    installFakeTransport({});
    render(UserInputPanel, { profile });
    await type(/^Question on the terminal/, 'ZIP code');
    await type(/^Time to answer/, '721');
    await press('Ask the customer');
    expectFieldError(/^Time to answer/, 'Must be at most 720');
  });

  it('sends the question and shows a hidden answer masked until revealed', async () => {
    const calls = installFakeTransport({ 'prompts:userInput': () => ({ value: '2468', hidden: true }) });
    render(UserInputPanel, { profile });
    await type(/^Question on the terminal/, 'Code');
    await fireEvent.change(control(/^What the customer types/), { target: { value: 'Number' } });
    await fireEvent.click(control(/Hide what the customer types/));
    await type(/^Time to answer/, '30');
    await press('Ask the customer');
    expect(callsTo(calls, 'prompts:userInput')[0]?.input).toEqual({
      profileId: 'p1',
      title: 'Code',
      type: 'Number',
      timeoutSeconds: 30,
      hiddenInput: true,
    });
    const answer = await screen.findByLabelText('Hidden answer');
    expect(answer.textContent).toBe('••••');
    expect(document.body.textContent).not.toContain('2468');
    await press('Show answer');
    expect(screen.getByLabelText('Answer').textContent).toBe('2468');
  });

  it('shows a main-process rejection at its field', async () => {
    installFakeTransport({
      'prompts:userInput': () => ({
        error: { code: 'BAD_INPUT', message: 'Please check', fields: [{ path: 'title', message: 'must be at most 250 characters' }] },
      }),
    });
    render(UserInputPanel, { profile });
    await type(/^Question on the terminal/, 'Hi');
    await press('Ask the customer');
    await screen.findByText('Check the highlighted fields.');
    expectFieldError(/^Question on the terminal/, 'Must be at most 250 characters');
  });

  it('says calmly that the customer cancelled (1012)', async () => {
    installFakeTransport({
      'prompts:userInput': () => ({
        error: { code: 'TERMINAL', statusCode: '1012', message: 'Canceled: The customer or the cashier canceled on the terminal.' },
      }),
    });
    render(UserInputPanel, { profile });
    await type(/^Question on the terminal/, 'Hi');
    await press('Ask the customer');
    const note = await screen.findByRole('status');
    expect(note.textContent).toContain('Canceled on the terminal');
    expect(note.textContent).toContain('The customer or the cashier canceled on the terminal.');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('Ask to choose', () => {
  it('names an empty and a repeated option at their fields', async () => {
    const calls = installFakeTransport({});
    render(UserChoicePanel, { profile });
    await type(/^Question on the terminal/, 'Receipt?');
    await type(/^Option 1$/, 'Email');
    await press('Add option');
    await type(/^Option 3$/, 'email');
    await press('Ask the customer');
    expectFieldError(/^Option 2$/, 'Must not be empty');
    expectFieldError(/^Option 3$/, 'Is the same as an earlier option');
    expectNoFieldError(/^Option 1$/);
    expect(calls).toHaveLength(0);
  });

  it('refuses a question longer than 250 characters and a list with no options', async () => {
    installFakeTransport({});
    render(UserChoicePanel, { profile });
    await type(/^Question on the terminal/, 'x'.repeat(251));
    await press('Remove option 2');
    await press('Remove option 1');
    await press('Ask the customer');
    expectFieldError(/^Question on the terminal/, 'Must be at most 250 characters');
    expect(screen.getByRole('alert').textContent).toContain('Must contain at least 1 option');
  });

  it('shows the option the customer chose', async () => {
    const calls = installFakeTransport({ 'prompts:userChoice': () => ({ selectedOption: 'Print' }) });
    render(UserChoicePanel, { profile });
    await type(/^Question on the terminal/, 'Receipt?');
    await type(/^Option 1$/, 'Email');
    await type(/^Option 2$/, 'Print');
    await press('Ask the customer');
    expect((await screen.findByRole('status')).textContent).toContain('Print');
    expect(callsTo(calls, 'prompts:userChoice')[0]?.input).toEqual({ profileId: 'p1', title: 'Receipt?', options: ['Email', 'Print'] });
  });
});

describe('Read a card', () => {
  it('names a bad timeout at its field', async () => {
    const calls = installFakeTransport({});
    render(GetCardPanel, { profile });
    await type(/^Time to present the card/, '0');
    await press('Read a card');
    expectFieldError(/^Time to present the card/, 'Must be at least 1');
    expect(calls).toHaveLength(0);
  });

  it('shows brand, entry type and only the first and last four digits', async () => {
    installFakeTransport({ 'prompts:getCard': () => ({ first4: '4761', last4: '0119', entryType: 'Chip', brand: 'Visa' }) });
    render(GetCardPanel, { profile });
    await press('Read a card');
    const note = await screen.findByRole('status');
    expect(note.textContent).toContain('Visa');
    expect(note.textContent).toContain('4761 •••• •••• 0119');
    expect(note.textContent).toContain('Chip');
  });
});

describe('Show a cart', () => {
  it('names bad prices, a missing name and an empty cart at their fields', async () => {
    const calls = installFakeTransport({});
    render(CartPanel, { profile });
    await press('Show on the terminal');
    expect(screen.getByRole('alert').textContent).toContain('the terminal refuses a cart without a total line');
    await press('Add item');
    await type('Item 1 name', '');
    await type(/^Price/, '12.345');
    await type(/^Unit price/, 'ten');
    await press('Show on the terminal');
    expectFieldError('Item 1 name', 'Must not be empty');
    expectFieldError(/^Price/, 'Use at most 2 decimal places');
    expectFieldError(/^Unit price/, 'Enter an amount like 12.50');
    expect(calls).toHaveLength(0);
  });

  it('marks an item without a price and a cart without a total line, as the service would refuse them, and sends nothing', async () => {
    const calls = installFakeTransport({});
    render(CartPanel, { profile });
    await press('Add item');
    await type('Item 1 name', 'Latte');
    await type(/^Unit price/, '4.99');
    await press('Show on the terminal');
    expectFieldError(/^Price/, 'Must be given: the SPIn service refuses a cart item without a price');
    expect(document.activeElement).toBe(control(/^Price/));
    const totals = screen.getByRole('group', { name: 'Totals' });
    expect(within(totals).getByRole('alert').textContent).toBe(
      'Must contain at least 1 total line: the SPIn service refuses a cart without one',
    );
    expect(calls).toHaveLength(0);
  });

  it('sends the cart in cents and shows main-process errors at the item field', async () => {
    const calls = installFakeTransport({
      'display:cart': () => ({
        error: {
          code: 'BAD_INPUT',
          message: 'Please check',
          fields: [{ path: 'cart.items.0.name', message: 'must be at most 100 characters' }],
        },
      }),
    });
    render(CartPanel, { profile });
    await press('Add item');
    await type('Item 1 name', 'Latte');
    await type(/^Price/, '-1.50');
    await press('Add total line');
    await type('Total line 1 name', 'Total');
    await type('Total line 1 amount', '4.49');
    await press('Show on the terminal');
    expect(callsTo(calls, 'display:cart')[0]?.input).toEqual({
      profileId: 'p1',
      cart: {
        amounts: [{ name: 'Total', valueCents: 449 }],
        cashPrices: [],
        items: [{ name: 'Latte', priceCents: -150, unitPriceCents: null, quantity: 1, additionalInfo: '', customInfos: [], modifiers: [] }],
      },
    });
    await screen.findByText('Check the highlighted fields.');
    expectFieldError('Item 1 name', 'Must be at most 100 characters');
  });
});
