import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, type Channel } from '@shared/ipc/contract';
import { ErrorCode } from '@shared/ipc/envelope';
import { createAppServices, type AppServices } from '../../electron/services/app-services';
import { MemoryStore } from '../../electron/services/settings/key-value-store';
import { MemoryVault } from '../../electron/services/vault/secret-vault';
import { tierCount } from '../support/tier';

// Hostile input on the IPC boundary: for every channel of the contract, 10,000 random payloads
// (the soak tier; `npm test` runs the first 500 of the same seed) through the real dispatch() with
// the real services behind it. Each must come back as an envelope (data, or an error with a known
// code) and nothing may throw or crash the process.
const RUNS = tierCount({ fast: 500, soak: 10_000 });
const KNOWN_CODES = new Set<string>(ErrorCode.options);

/** Random JSON-ish values, plus near-misses built from real field names so validation is probed deeply. */
const fieldNames = [
  'id',
  'name',
  'amountCents',
  'tipCents',
  'referenceId',
  'paymentType',
  'authkey',
  'environment',
  'tpn',
  'customUrl',
  'behaviour',
  'profileId',
  'from',
  'to',
  'query',
  'page',
];
const payload = fc.oneof(
  { weight: 3, arbitrary: fc.anything({ maxDepth: 3, withNullPrototype: true, withObjectString: true }) },
  {
    weight: 3,
    arbitrary: fc.dictionary(
      fc.constantFrom(...fieldNames),
      fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(-1)),
      { maxKeys: 6 },
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom(undefined, null, {}, [], '', 0, Number.NaN, '__proto__', { __proto__: { polluted: true } }) },
);

describe('IPC channels under random input', () => {
  let services: AppServices;
  const internal: string[] = [];

  beforeAll(async () => {
    services = await createAppServices({
      store: new MemoryStore(),
      vault: new MemoryVault(),
      info: { name: 'spin-desk', version: 'fuzz', shell: 'browser' },
      log: { error: (message) => internal.push(message) },
      demoProcessingDelayMs: 0,
    });
  });
  afterAll(() => services.close());

  it.each(Object.keys(contract) as Channel[])(
    '%s: every payload is handled with an envelope',
    async (channel) => {
      await fc.assert(
        fc.asyncProperty(payload, async (input) => {
          const result = await services.dispatch(channel, input);
          if (result.ok) return true;
          expect(KNOWN_CODES.has(result.error.code)).toBe(true);
          expect(typeof result.error.message).toBe('string');
          return true;
        }),
        // A fixed seed: the same runs every time, so a failure can be replayed and is never luck.
        { numRuns: RUNS, seed: 20_261_123 },
      );
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
    120_000,
  );

  it('never reached an unexpected error inside a handler', () => {
    expect(internal).toEqual([]);
  });
});
