import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpointNames, endpoints, type EndpointName } from '@shared/spin/endpoints';
import { requestExamples } from '../../tests/support/spin-examples';
import { quickAccept } from './quick-accept';

// The quick yes must never accept what zod refuses, nor stand for a value zod would return
// changed; and it must say yes to the well-formed requests it exists for, or it saves nothing.

const schemaOf = (name: EndpointName) => endpoints[name].request;

/** An endpoint's documented example without the fields the quick check always leaves to zod (records, lists). */
function plainExample(name: EndpointName): Record<string, unknown> {
  const { CustomFields: _custom, Cart: _cart, ...rest } = requestExamples[name] as Record<string, unknown>;
  return rest;
}

const status = { Tpn: 'FAKETPN00001', Authkey: 'FAKEKEY001', PaymentType: 'Credit', ReferenceId: 'POS-1_a' };

describe('quickAccept', () => {
  it('accepts well-formed requests as they are', () => {
    expect(quickAccept(schemaOf('Status'), status)).toBe(true);
    expect(quickAccept(schemaOf('Status'), { ...status, ReferenceId: undefined, TransactionNumber: 7 })).toBe(true);
    for (const name of ['Status', 'Sale', 'Void', 'StatusList', 'Daily'] as const) {
      const example = plainExample(name);
      expect(quickAccept(schemaOf(name), example), name).toBe(true);
      expect(schemaOf(name).parse(example)).toEqual(example);
    }
  });

  it('leaves every rule a Status request breaks to zod', () => {
    const broken: Record<string, unknown>[] = [
      { ...status, ReferenceId: undefined }, // neither ReferenceId nor TransactionNumber (the refinement)
      { ...status, ReferenceId: '' },
      { ...status, ReferenceId: 'a b' },
      { ...status, ReferenceId: 'x'.repeat(51) },
      { ...status, Tpn: 'SHORT' },
      { ...status, Authkey: 'FAKEKEY0012' },
      { ...status, PaymentType: 'Bitcoin' },
      { ...status, TransactionNumber: 1.5 },
      { ...status, TransactionNumber: 0 },
      { ...status, GetExtendedData: 'yes' },
      { ...status, Unknown: 1 },
      { ...status, CallbackInfo: { Url: '', Other: 1 } },
      JSON.parse('{"__proto__":1,"Tpn":"FAKETPN00001","Authkey":"FAKEKEY001","PaymentType":"Credit","ReferenceId":"A"}'),
      { Authkey: 'FAKEKEY001', PaymentType: 'Credit', ReferenceId: 'A' },
      [status],
      null,
    ];
    for (const body of broken) {
      expect(schemaOf('Status').safeParse(body).success, JSON.stringify(body)).toBe(false);
      expect(quickAccept(schemaOf('Status'), body), JSON.stringify(body)).toBe(false);
    }
  });

  it('says yes only where zod accepts and returns the same value, for every endpoint', () => {
    const mutated = fc
      .record({
        name: fc.constantFrom(...endpointNames),
        // Mostly the plain examples, each changed a little, so that many are still valid.
        plain: fc.nat(9).map((n) => n > 0),
        drop: fc.nat(),
        change: fc.option(fc.tuple(fc.nat(), fc.jsonValue()), { nil: undefined, freq: 2 }),
        extra: fc.option(fc.tuple(fc.string({ maxLength: 12 }), fc.jsonValue()), { nil: undefined, freq: 4 }),
      })
      .map(({ name, plain, drop, change, extra }) => {
        const body: Record<string, unknown> = plain ? plainExample(name) : structuredClone(requestExamples[name]);
        const keys = Object.keys(body);
        if (drop % 4 === 0 && keys.length > 0) delete body[keys[drop % keys.length]!];
        if (change && keys.length > 0) body[keys[change[0] % keys.length]!] = change[1];
        if (extra) body[extra[0]] = extra[1];
        return { name, body };
      });
    let accepted = 0;
    fc.assert(
      fc.property(mutated, ({ name, body }) => {
        if (!quickAccept(schemaOf(name), body)) return;
        accepted += 1;
        const parsed = schemaOf(name).safeParse(body);
        expect(parsed.success).toBe(true);
        expect(parsed.data).toEqual(body);
      }),
      // A fixed seed: the same runs every time, so a failure can be replayed and is never luck.
      { numRuns: 5_000, seed: 20_261_123 },
    );
    // The property is only worth something if the quick check said yes often enough to be tested.
    expect(accepted).toBeGreaterThan(300);
  });

  it('knows plain (stripping) objects and z.number().int(): yes only for exactly the shape, zod for the rest', () => {
    const row = z.object({ label: z.string().max(4), cents: z.number().int().nullable() });
    const loose = z.looseObject({ label: z.string() });
    expect(quickAccept(row, { label: 'Visa', cents: 1250 })).toBe(true);
    expect(quickAccept(row, { label: 'Visa', cents: null })).toBe(true);
    const leftToZod: unknown[] = [
      { label: 'Visa', cents: 1250, extra: 'zod strips it' },
      { label: 'Visa', cents: 12.5 },
      { label: 'Visa', cents: 2 ** 53 },
      { label: 'Visa', cents: Number.NaN },
      { label: 'Visa!', cents: 1 },
      { label: 'Visa', cents: undefined },
      { label: 'Visa' },
    ];
    for (const value of leftToZod) expect(quickAccept(row, value), JSON.stringify(value)).toBe(false);
    expect(quickAccept(loose, { label: 'Visa' })).toBe(false);
  });
});

// quickAccept reads zod's internal definitions (`schema._zod.def`: type, shape, catchall,
// innerType, entries, checks and each check's own def), which zod does not promise to keep. Each
// construct below is read through one of those fields: if a zod upgrade renames or reshapes one,
// the construct's valid value is no longer quick-accepted (an unknown shape means "ask zod") and
// this test names the construct. Staying safe needs nothing of the sort (every unknown shape is
// "ask zod"); staying quick does, and this is what would notice it going.
describe('quickAccept against the zod it was written for', () => {
  const always = (value: unknown) => value !== 'never';
  const constructs: [string, z.core.$ZodType, unknown, unknown][] = [
    ['strictObject (shape, catchall never)', z.strictObject({ a: z.string() }), { a: 'x' }, { a: 'x', b: 1 }],
    ['object (shape, no catchall)', z.object({ a: z.string() }), { a: 'x' }, { a: 1 }],
    ['optional (innerType)', z.strictObject({ a: z.string().optional() }), {}, { a: 1 }],
    ['nullable (innerType)', z.string().nullable(), null, 1],
    ['string min (min_length.minimum)', z.string().min(2), 'ab', 'a'],
    ['string max (max_length.maximum)', z.string().max(2), 'ab', 'abc'],
    ['string length (length_equals.length)', z.string().length(2), 'ab', 'abc'],
    ['string regex (string_format.pattern)', z.string().regex(/^\d+$/), '12', '1a'],
    ['number int (format safeint)', z.int(), 3, 3.5],
    ['number().int() (number_format check)', z.number().int(), 3, 3.5],
    ['number gte (greater_than.value, inclusive)', z.number().gte(1), 1, 0.5],
    ['number gt (greater_than, exclusive)', z.number().gt(1), 2, 1],
    ['number lte (less_than.value, inclusive)', z.number().lte(1), 1, 1.5],
    ['number lt (less_than, exclusive)', z.number().lt(1), 0, 1],
    ['boolean', z.boolean(), true, 'true'],
    ['enum (entries)', z.enum(['Credit', 'Debit']), 'Debit', 'Cash'],
    ['refine (custom.fn)', z.strictObject({ a: z.string() }).refine((value) => always(value.a)), { a: 'x' }, { a: 'never' }],
  ];

  it.each(constructs)('%s: a valid value is accepted at once, an invalid one left to zod', (_, schema, valid, invalid) => {
    expect(z.safeParse(schema, valid).success).toBe(true);
    expect(quickAccept(schema, valid)).toBe(true);
    expect(z.safeParse(schema, invalid).success).toBe(false);
    expect(quickAccept(schema, invalid)).toBe(false);
  });
});
