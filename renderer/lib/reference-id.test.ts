import { describe, expect, it } from 'vitest';
import { ReferenceId } from '@shared/ipc/payment-result-views';
import { newReferenceId } from './reference-id';

describe('newReferenceId', () => {
  it('is alphanumeric, at most 50 characters and accepted by the contract', () => {
    const id = newReferenceId();
    expect(id).toMatch(/^SD[A-Z0-9]+$/);
    expect(id.length).toBeLessThanOrEqual(50);
    expect(ReferenceId.safeParse(id).success).toBe(true);
  });

  it('differs between attempts started in the same millisecond', () => {
    const ids = new Set(Array.from({ length: 200 }, () => newReferenceId(1_700_000_000_000)));
    expect(ids.size).toBe(200);
  });
});
