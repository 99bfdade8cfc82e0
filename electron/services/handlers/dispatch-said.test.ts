// Issue 41: a payment result whose stored sentence names no message the page can word is refused
// where it leaves main, and the log names the field.
import { describe, expect, it, vi } from 'vitest';
import type { PaymentResult } from '@shared/ipc/payment-result-views';
import { approvedResult } from '../../../renderer/test-support/fixtures';
import { createDispatch, type Handlers } from './dispatch';

const recovered = (key: string): PaymentResult =>
  approvedResult({ recovery: { how: 'status-lookup', reason: 'the connection dropped', said: { key, params: {} } as never } });

describe('a Said crossing the IPC boundary', () => {
  it('passes with a stored sentence’s key, and is refused with any other key, the log naming the field', async () => {
    const log = { error: vi.fn() };
    let key = 'said_why_dropped';
    const dispatch = createDispatch({ 'payments:sale': async () => recovered(key) } as unknown as Handlers, log);
    const sale = { profileId: 'p1', referenceId: 'SAID1', amountCents: 100, tipCents: 0, paymentType: 'Credit', getReceipt: 'No' };
    expect(await dispatch('payments:sale', sale)).toMatchObject({ ok: true, data: { recovery: { said: { key } } } });

    key = 'said_why_made_up';
    expect(await dispatch('payments:sale', sale)).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    expect(log.error).toHaveBeenCalledWith('Handler for payments:sale returned data that breaks the contract', [
      { path: 'recovery.said.key', message: 'must be a stored sentence of the message catalogue' },
    ]);
  });
});
