import { describe, expect, it } from 'vitest';
import { HOST_LOST, hostConnection } from './host-connection.svelte';

describe('hostConnection', () => {
  it('keeps the loss when an answer to a call sent before it arrives late', () => {
    const poll = hostConnection.sending();
    const sale = hostConnection.sending();
    hostConnection.heard(sale, HOST_LOST);
    // The header's poll went out before the sale's loss was heard of and was answered as the host closed.
    hostConnection.heard(poll, undefined);
    expect(hostConnection.lost).toBe(true);
    // A call sent after the loss that gets any answer, even a refusal, means spin-desk is back.
    hostConnection.heard(hostConnection.sending(), { code: 'BAD_INPUT', message: 'Amount: must be more than 0.' });
    expect(hostConnection.lost).toBe(false);
  });
});
