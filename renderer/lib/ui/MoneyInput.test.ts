import { fireEvent, render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { expectFieldError } from '../../test-support/field-error';
import MoneyInputHarness from './test-harness/MoneyInputHarness.svelte';

function amountBox(): HTMLInputElement {
  return screen.getByLabelText(/^Amount/) as HTMLInputElement;
}

async function type(text: string): Promise<void> {
  await fireEvent.input(amountBox(), { target: { value: text } });
}

const cents = () => screen.getByTestId('cents').textContent;

describe('MoneyInput', () => {
  it('is a decimal text box, not a number spinner', () => {
    render(MoneyInputHarness);
    expect(amountBox().type).toBe('text');
    expect(amountBox().inputMode).toBe('decimal');
  });

  it.each([
    ['12', 1200, '$12.00'],
    ['12.5', 1250, '$12.50'],
    ['1234.56', 123456, '$1,234.56'],
    ['$1,234.56', 123456, '$1,234.56'],
    [' 0.99 ', 99, '$0.99'],
  ])('reads %j as %i cents and shows %s after blur', async (text, expected, shown) => {
    render(MoneyInputHarness);
    await type(text);
    expect(cents()).toBe(String(expected));
    await fireEvent.blur(amountBox());
    expect(amountBox().value).toBe(shown);
    expect(amountBox().getAttribute('aria-invalid')).toBeNull();
  });

  it.each([
    ['12.345', /at most 2 decimal places/],
    ['-1', /without a minus sign/],
    ['abc', /Enter an amount like 12\.50/],
  ])('rejects %j with a message at the field', async (text, message) => {
    render(MoneyInputHarness);
    await type(text);
    // Typing alone never scolds; leaving the box does.
    expect(amountBox().getAttribute('aria-invalid')).toBeNull();
    await fireEvent.blur(amountBox());
    expect(cents()).toBe('null');
    expect(amountBox().value).toBe(text);
    expect(amountBox().getAttribute('aria-invalid')).toBe('true');
    const describedBy = amountBox().getAttribute('aria-describedby') ?? '';
    const errorText = describedBy
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
    expect(errorText).toMatch(message);
  });

  it('clears the message as soon as the text is fixed', async () => {
    render(MoneyInputHarness);
    await type('abc');
    await fireEvent.blur(amountBox());
    await type('4.20');
    expect(amountBox().getAttribute('aria-invalid')).toBeNull();
    expect(cents()).toBe('420');
  });

  it('parses on submit (Enter) before any blur', async () => {
    render(MoneyInputHarness);
    await type('7.5');
    await fireEvent.submit(amountBox().form as HTMLFormElement);
    expect(screen.getByTestId('committed').textContent).toBe('true');
    expect(amountBox().value).toBe('$7.50');
  });

  it('treats an empty required box as an error on submit', async () => {
    render(MoneyInputHarness);
    await fireEvent.submit(amountBox().form as HTMLFormElement);
    expect(screen.getByTestId('committed').textContent).toBe('false');
    expect(amountBox().getAttribute('aria-invalid')).toBe('true');
  });

  it('says nothing when an empty required box is left (only the submit does), and clears an old error then', async () => {
    render(MoneyInputHarness);
    await fireEvent.blur(amountBox());
    expect(amountBox().getAttribute('aria-invalid')).toBeNull();
    await type('abc');
    await fireEvent.blur(amountBox());
    expect(amountBox().getAttribute('aria-invalid')).toBe('true');
    await type('');
    await fireEvent.blur(amountBox());
    expect(amountBox().getAttribute('aria-invalid')).toBeNull();
    expect(cents()).toBe('null');
  });

  it('accepts an empty optional box as no amount', async () => {
    render(MoneyInputHarness, { optional: true });
    await fireEvent.submit(amountBox().form as HTMLFormElement);
    expect(screen.getByTestId('committed').textContent).toBe('true');
    expect(cents()).toBe('null');
  });

  it('empties itself when the form resets the amount', async () => {
    render(MoneyInputHarness);
    await type('5');
    await fireEvent.blur(amountBox());
    await fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(amountBox().value).toBe('');
  });

  it('a signed box takes a discount line: "-1.50" is -150 cents, shown back as -$1.50', async () => {
    render(MoneyInputHarness, { signed: true });
    await type('-1.50');
    expect(cents()).toBe('-150');
    await fireEvent.blur(amountBox());
    expect(amountBox().value).toBe('-$1.50');
    expect(amountBox().getAttribute('aria-invalid')).toBeNull();
  });

  it('zero rule: $0.00 is an amount (the form decides if it may be zero); with `positive` a minus says "more than $0.00"', async () => {
    render(MoneyInputHarness, { positive: true });
    await type('0');
    await fireEvent.blur(amountBox());
    expect(cents()).toBe('0');
    expect(amountBox().getAttribute('aria-invalid')).toBeNull();
    await type('-2');
    await fireEvent.blur(amountBox());
    expect(cents()).toBe('null');
    expectFieldError(/^Amount/, 'Must be more than $0.00');
  });

  it('binds the typed text for a form that reads the cents itself, in the formatted words after blur', async () => {
    render(MoneyInputHarness);
    await type('1234.5');
    expect(screen.getByTestId('text').textContent).toBe('1234.5');
    await fireEvent.blur(amountBox());
    expect(screen.getByTestId('text').textContent).toBe('$1,234.50');
  });
});
