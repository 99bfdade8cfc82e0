import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { VoidForm } from '@shared/ipc/payment-views';
import type { Confirmation } from './OperationFrame.svelte';
import { Operation } from './operation.svelte';
import { OperationForm } from './operation-form.svelte';

const good = { profileId: 'p1', referenceId: 'SALE0001', amountCents: 2300, paymentType: 'Debit' };
const asking: Confirmation = { title: 'Void $23.00?', confirmLabel: 'Void $23.00', rows: [] };

/** A Void form over a fresh request; `sent` lists the references it sent, `confirmation` is its ask-first step. */
function voidForm(confirmation?: () => Confirmation | null): { op: Operation<unknown>; form: OperationForm<VoidForm>; sent: string[] } {
  const op = new Operation<unknown>();
  const sent: string[] = [];
  const form = new OperationForm<VoidForm>(() => op, {
    ...(confirmation ? { confirmation } : {}),
    send: (input) => sent.push(input.referenceId),
  });
  return { op, form, sent };
}

describe('OperationForm, the check and send of a payment form', () => {
  it('reads the fields with the contract, names what is wrong at each field, and sends what passed', () => {
    const { form, sent } = voidForm();
    form.submit(VoidForm, { ...good, referenceId: '', amountCents: null });
    expect(Object.keys(form.errors).sort()).toEqual(['amountCents', 'referenceId']);
    expect(form.errors.referenceId).toBe('Must not be empty');
    expect(sent).toEqual([]);
    form.submit(VoidForm, good);
    expect(form.errors).toEqual({});
    expect(sent).toEqual(['SALE0001']);
  });

  it('sends nothing while a money box holds text it could not read, even when the fields pass', () => {
    const { form, sent } = voidForm();
    form.submit(VoidForm, good, false);
    expect(sent).toEqual([]);
  });

  it("shows main's field messages from the last send, the form's own check first", () => {
    const { op, form } = voidForm();
    op.error = new ApiError({
      code: 'BAD_INPUT',
      message: 'Check the fields.',
      fields: [
        { path: 'referenceId', message: 'Already in use' },
        { path: 'amountCents', message: 'Too much' },
      ],
    });
    expect(form.errors).toEqual({ referenceId: 'Already in use', amountCents: 'Too much' });
    form.submit(VoidForm, { ...good, referenceId: '' });
    expect(form.errors).toEqual({ referenceId: 'Must not be empty', amountCents: 'Too much' });
  });

  it('asks first where money moves: nothing goes until Confirm, which sends what the dialog asked about', () => {
    const { form, sent } = voidForm(() => asking);
    form.submit(VoidForm, good);
    expect(form.confirmation).toEqual(asking);
    expect(sent).toEqual([]);
    form.confirm();
    expect(sent).toEqual(['SALE0001']);
  });

  it('sends at once when the ask-first step has nothing to ask', () => {
    const { form, sent } = voidForm(() => null);
    form.submit(VoidForm, good);
    expect(form.confirmation).toBeNull();
    expect(sent).toEqual(['SALE0001']);
  });
});
