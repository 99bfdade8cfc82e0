import { fireEvent, render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { control, expectFieldError, expectNoFieldError } from '../../test-support/field-error';
import { hasFieldError, type FieldSpec } from './field-spec';
import FormFieldsHarness from './test-harness/FormFieldsHarness.svelte';
import CentsFieldsHarness from './test-harness/CentsFieldsHarness.svelte';

const draft = (): Record<string, unknown> => JSON.parse(screen.getByTestId('draft').textContent ?? '{}');

describe('FormFields', () => {
  it('draws each spec as its box, in order, with the id prefix and the spec attributes', () => {
    render(FormFieldsHarness);
    const boxes = [...document.querySelectorAll('input, select')].map((box) => box.id);
    expect(boxes).toEqual(['row-0-name', 'row-0-seconds', 'row-0-price', 'row-0-tax', 'row-0-kind']);
    expect(control('Name').maxLength).toBe(20);
    expect(control('Name').value).toBe('Front');
    expect(screen.getByText('What staff call it.').id).toBe('row-0-name-hint');
    expect(control('Seconds').inputMode).toBe('numeric');
    expect(screen.getByText('(optional)', { selector: 'label[for="row-0-seconds"] span' })).toBeTruthy();
    expect(control('Price').inputMode).toBe('decimal');
    expect((document.getElementById('row-0-kind') as HTMLSelectElement).value).toBe('a');
  });

  it('writes what is typed or picked into the bound draft', async () => {
    render(FormFieldsHarness);
    await fireEvent.input(control('Name'), { target: { value: 'Back bar' } });
    await fireEvent.input(control('Seconds'), { target: { value: '90' } });
    await fireEvent.input(control('Price'), { target: { value: '-1.50' } });
    await fireEvent.change(document.getElementById('row-0-kind') as HTMLSelectElement, { target: { value: 'b' } });
    expect(draft()).toMatchObject({ name: 'Back bar', seconds: '90', price: '-1.50', kind: 'b', flag: true });
  });

  it('reads a signed money box with a minus, an unsigned one refuses it', async () => {
    render(FormFieldsHarness);
    await fireEvent.input(control('Price'), { target: { value: '-1.50' } });
    await fireEvent.blur(control('Price'));
    expectNoFieldError('Price');
    await fireEvent.input(control('Tax'), { target: { value: '-1.50' } });
    await fireEvent.blur(control('Tax'));
    expect(control('Tax').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows each message at its box, found under the error prefix and the error key', () => {
    render(FormFieldsHarness, { errors: { 'rows.0.name': 'Too long', 'rows.0.priceCents': 'Not an amount', price: 'wrong path' } });
    expectFieldError('Name', 'Too long');
    expectFieldError('Price', 'Not an amount');
    expectNoFieldError('Seconds');
  });
});

describe('hasFieldError', () => {
  const specs: FieldSpec[] = [
    { key: 'name', id: 'name', label: 'Name' },
    { key: 'price', id: 'price', label: 'Price', money: 'signed', errorKey: 'priceCents' },
  ];

  it('finds a message of one of the boxes, under the prefix and the error key', () => {
    expect(hasFieldError(specs, { 'items.0.priceCents': 'Not an amount' }, 'items.0.')).toBe(true);
    expect(hasFieldError(specs, { name: 'Needed' })).toBe(true);
  });

  it('passes over messages of other boxes, other rows and empty ones', () => {
    expect(hasFieldError(specs, { 'items.0.price': 'wrong key', 'items.1.name': 'other row', 'items.0.name': '' }, 'items.0.')).toBe(false);
  });
});

describe('FormFields holding cents', () => {
  const committed = () => screen.getByTestId('committed').textContent;
  const commit = () => fireEvent.click(screen.getByRole('button', { name: 'Commit' }));

  it('shows the cents the draft holds and writes the cents of what is typed', async () => {
    render(CentsFieldsHarness);
    expect(control('Amount').id).toBe('sale-amount');
    expect(control('Amount').value).toBe('$12.50');
    expect(control('Fee').value).toBe('');
    await fireEvent.input(control('Fee'), { target: { value: '3.5' } });
    await fireEvent.input(control('Amount'), { target: { value: '' } });
    expect(draft()).toEqual({ amount: null, fee: 350 });
  });

  it('commits every money box on submit: formats what it read, or shows why not and says so', async () => {
    render(CentsFieldsHarness);
    await fireEvent.input(control('Amount'), { target: { value: '-1' } });
    await fireEvent.input(control('Fee'), { target: { value: '1.234' } });
    await commit();
    expect(committed()).toBe('false');
    expectFieldError('Amount', 'more than $0.00');
    expectFieldError('Fee', /at most 2 decimal places/);

    await fireEvent.input(control('Amount'), { target: { value: '7' } });
    await fireEvent.input(control('Fee'), { target: { value: '' } });
    await commit();
    expect(committed()).toBe('true');
    expect(control('Amount').value).toBe('$7.00');
    expect(draft()).toEqual({ amount: 700, fee: null });
    expectNoFieldError('Amount');
    // The form's own message stays at an optional box left empty.
    expectFieldError('Fee', 'From the main process');
  });
});
