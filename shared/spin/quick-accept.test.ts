import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DailyRow } from '@shared/ipc/report-views';
import { endpointNames, endpoints } from '@shared/spin/endpoints';
import { requestExamples } from '../../tests/support/spin-examples';
import { quickAccept } from './quick-accept';

// The quick yes must never accept what zod refuses, nor stand for a value zod would return
// changed; and it must say yes to the rows it exists for (a Daily report's), or it saves nothing.

const row = {
  application: 'Credit',
  number: '17',
  referenceId: 'SDMPX72T8JYKC2U7',
  cardType: 'Visa',
  transactionType: 'Sale',
  last4: '4242',
  amountCents: 1250,
};

describe('quickAccept', () => {
  it('accepts a Daily row as it is, with or without its optional fields', () => {
    const rows = [
      row,
      { ...row, amountCents: null },
      { ...row, feeCents: 12, taxCents: 1, tipCents: 200, figuresProblem: 'tip over total' },
    ];
    for (const value of rows) {
      expect(quickAccept(DailyRow, value), JSON.stringify(value)).toBe(true);
      expect(DailyRow.parse(value)).toEqual(value);
    }
  });

  it('leaves every rule a Daily row breaks to zod, and a key zod would strip', () => {
    const leftToZod: unknown[] = [
      { ...row, extra: 'zod strips it' },
      { ...row, amountCents: 12.5 },
      { ...row, amountCents: 2 ** 53 },
      { ...row, amountCents: Number.NaN },
      { ...row, amountCents: undefined },
      { ...row, last4: '42424' },
      { ...row, cardType: 7 },
      { ...row, feeCents: null },
      { application: 'Credit' },
      [row],
      null,
    ];
    for (const value of leftToZod) expect(quickAccept(DailyRow, value), JSON.stringify(value)).toBe(false);
  });

  it('says yes only where zod accepts and returns the same value: Daily rows changed at random', () => {
    const changed = fc
      .record({
        // Which changes are made (one bit each), so that many rows stay valid and some change a lot.
        made: fc.nat(15),
        drop: fc.constantFrom(...Object.keys(row)),
        change: fc.tuple(fc.constantFrom(...Object.keys(DailyRow.shape)), fc.jsonValue()),
        extra: fc.tuple(fc.string({ maxLength: 12 }), fc.jsonValue()),
      })
      .map(({ made, drop, change, extra }) => {
        const value: Record<string, unknown> = { ...row };
        if (made & 1 && made & 8) delete value[drop];
        if (made & 2) value[change[0]] = change[1];
        if (made & 4 && made & 8) value[extra[0]] = extra[1];
        return value;
      });
    let accepted = 0;
    fc.assert(
      fc.property(changed, (value) => {
        if (!quickAccept(DailyRow, value)) return;
        accepted += 1;
        const parsed = DailyRow.safeParse(value);
        expect(parsed.success).toBe(true);
        expect(parsed.data).toEqual(value);
      }),
      // A fixed seed: the same runs every time, so a failure can be replayed and is never luck.
      { numRuns: 3_000, seed: 20_261_202 },
    );
    // The property is only worth something if the quick check said yes often enough to be tested.
    expect(accepted).toBeGreaterThan(300);
  });

  it('never says yes where zod would not, on any SPIn request (refinements, records, lists: zod decides)', () => {
    const changed = fc
      .record({
        name: fc.constantFrom(...endpointNames),
        change: fc.option(fc.tuple(fc.nat(), fc.jsonValue()), { nil: undefined, freq: 2 }),
      })
      .map(({ name, change }) => {
        const body: Record<string, unknown> = structuredClone(requestExamples[name]);
        const keys = Object.keys(body);
        if (change && keys.length > 0) body[keys[change[0] % keys.length]!] = change[1];
        return { name, body };
      });
    fc.assert(
      fc.property(changed, ({ name, body }) => {
        if (!quickAccept(endpoints[name].request, body)) return;
        expect(endpoints[name].request.safeParse(body)).toEqual({ success: true, data: body });
      }),
      { numRuns: 2_000, seed: 20_261_202 },
    );
  });
});

// quickAccept reads zod 4's public API (instanceof, .shape, .unwrap(), .options, .def.checks,
// .def.catchall, minLength/maxLength/format/isInt). Each construct below is read through one of
// them: if a zod upgrade changes one, its valid value is no longer quick-accepted and this test
// names the construct. Staying safe needs nothing of the sort (an unknown shape is "ask zod");
// staying quick does, and this is what would notice it going.
describe('quickAccept against the zod it was written for', () => {
  const known: [string, z.core.$ZodType, unknown, unknown][] = [
    ['strictObject (shape, catchall never)', z.strictObject({ a: z.string() }), { a: 'x' }, { a: 'x', b: 1 }],
    ['object (shape, no catchall)', z.object({ a: z.string() }), { a: 'x' }, { a: 1 }],
    ['optional (unwrap)', z.object({ a: z.string().optional() }), {}, { a: 1 }],
    ['nullable (unwrap)', z.string().nullable(), null, 1],
    ['string min (minLength)', z.string().min(2), 'ab', 'a'],
    ['string max (maxLength)', z.string().max(2), 'ab', 'abc'],
    ['string length (minLength and maxLength)', z.string().length(2), 'ab', 'abc'],
    ['number (finite)', z.number(), 1.5, Number.POSITIVE_INFINITY],
    ['int (format safeint)', z.int(), 3, 3.5],
    ['number().int() (isInt)', z.number().int(), 3, 3.5],
    ['boolean', z.boolean(), true, 'true'],
    ['enum (options)', z.enum(['Credit', 'Debit']), 'Debit', 'Cash'],
  ];

  it.each(known)('%s: a valid value is accepted at once, an invalid one left to zod', (_, schema, valid, invalid) => {
    expect(z.safeParse(schema, valid).success).toBe(true);
    expect(quickAccept(schema, valid)).toBe(true);
    expect(z.safeParse(schema, invalid).success).toBe(false);
    expect(quickAccept(schema, invalid)).toBe(false);
  });

  const unknown: [string, z.core.$ZodType, unknown][] = [
    ['string regex', z.string().regex(/^\d+$/), '12'],
    ['string format', z.email(), 'a@example.com'],
    ['number bound', z.number().gt(1), 2],
    ['refined object', z.object({ a: z.string() }).refine((value) => value.a !== ''), { a: 'x' }],
    ['looseObject', z.looseObject({ a: z.string() }), { a: 'x' }],
    ['record', z.record(z.string(), z.string()), { a: 'x' }],
    ['array', z.array(z.string()), ['x']],
  ];

  it.each(unknown)('%s: not known, so even a valid value is left to zod', (_, schema, valid) => {
    expect(z.safeParse(schema, valid).success).toBe(true);
    expect(quickAccept(schema, valid)).toBe(false);
  });
});
