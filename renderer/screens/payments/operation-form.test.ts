import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { VoidForm } from '@shared/ipc/payment-views';
import { Operation } from './operation.svelte';
import { OperationForm } from './operation-form.svelte';

const good = { profileId: 'p1', referenceId: 'SALE0001', amountCents: 2300, paymentType: 'Debit' };

function voidForm(): { op: Operation<unknown>; form: OperationForm } {
  const op = new Operation<unknown>();
  return { op, form: new OperationForm(() => op) };
}

describe('OperationForm, the check and send of a payment form', () => {
  it('reads the fields with the contract, names what is wrong at each field, and hands on what passed', () => {
    const { form } = voidForm();
    expect(form.check(VoidForm, { ...good, referenceId: '', amountCents: null })).toBeNull();
    expect(Object.keys(form.errors).sort()).toEqual(['amountCents', 'referenceId']);
    expect(form.errors.referenceId).toBe('Must not be empty');
    expect(form.check(VoidForm, good)).toMatchObject({ referenceId: 'SALE0001', amountCents: 2300, paymentType: 'Debit' });
    expect(form.errors).toEqual({});
  });

  it('sends nothing while a money box holds text it could not read, even when the fields pass', () => {
    const { form } = voidForm();
    expect(form.check(VoidForm, good, false)).toBeNull();
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
    form.check(VoidForm, { ...good, referenceId: '' });
    expect(form.errors).toEqual({ referenceId: 'Must not be empty', amountCents: 'Too much' });
  });

  it('asks first where money moves: the dialog shows the confirmation, and Confirm sends what it asked about', () => {
    const { form } = voidForm();
    const sent: string[] = [];
    const input = form.check(VoidForm, good);
    expect(form.confirmation).toBeNull();
    form.ask({ title: 'Void $23.00?', confirmLabel: 'Void $23.00', rows: [] }, () => sent.push(input?.referenceId ?? ''));
    expect(form.confirmation?.title).toBe('Void $23.00?');
    expect(sent).toEqual([]);
    form.confirm();
    expect(sent).toEqual(['SALE0001']);
  });
});
