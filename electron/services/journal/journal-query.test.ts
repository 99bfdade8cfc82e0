import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeLine } from './line-codec';
import { csvField } from '@shared/csv';
import { toCsv } from './journal-csv';
import { MemoryJournal } from './sqlite-journal';
import type { EntryFilter } from './journal-query';

async function sample() {
  const journal = new MemoryJournal();
  const add = async (ref: string, cents: number, at: string, last4?: string, result?: 'approved' | 'declined') => {
    // The journal stamps each line with the clock: set it to the entry's time.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(at));
    const entry = await journal.recordIntent({
      op: 'Sale',
      ref,
      tpn: 'FLT0000001',
      profileId: 'p1',
      paymentType: 'Credit',
      amountCents: cents,
      tipCents: 0,
      deadlineMs: 0,
    });
    if (result) {
      await journal.recordOutcome(entry.intent.id, {
        result,
        statusCode: result === 'approved' ? '0000' : '1015',
        message: result === 'approved' ? 'Approved' : '=HYPERLINK("x")',
        ...(last4 ? { card: { brand: 'Visa', first4: '4761', last4 } } : {}),
        ...(result === 'approved' ? { approvedCents: cents } : {}),
      });
    }
  };
  await add('QA-001', 1000, '2026-01-01T10:00:00Z', '0119', 'approved');
  await add('QA-002', 2000, '2026-01-02T10:00:00Z', '4242', 'declined');
  await add('QB-003', 1000, '2026-01-03T10:00:00Z');
  return journal;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('journal search', () => {
  it('filters by date range, reference, amount, last 4 and state, newest first, paged', async () => {
    const journal = await sample();
    const refs = async (filter: EntryFilter, offset = 0, limit = 10) =>
      (await journal.page(filter, offset, limit)).items.map((e) => e.intent.ref);
    expect(await refs({})).toEqual(['QB-003', 'QA-002', 'QA-001']);
    expect(await refs({ from: '2026-01-02T00:00:00Z', to: '2026-01-03T00:00:00Z' })).toEqual(['QA-002']);
    expect(await refs({ referenceId: 'qa-' })).toEqual(['QA-002', 'QA-001']);
    // One or two characters find only a reference that is exactly them.
    expect(await refs({ referenceId: 'qa' })).toEqual([]);
    expect(await refs({ amountCents: 1000 })).toEqual(['QB-003', 'QA-001']);
    expect(await refs({ last4: '4242' })).toEqual(['QA-002']);
    expect(await refs({ state: 'pending' })).toEqual(['QB-003']);
    expect(await refs({ tpn: 'FLT0000002' })).toEqual([]);
    expect(await journal.page({}, 0, 2)).toMatchObject({ total: 3, nextOffset: 2 });
    expect(await journal.page({}, 2, 2)).toMatchObject({ total: 3, nextOffset: null });
  });

  it('exports CSV without secrets, with at most first 4 / last 4, and defuses formulas', async () => {
    const { csv, rows } = await toCsv((await sample()).entries('newest'));
    expect(rows).toBe(3);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^created_at_utc,operation,reference_id,/);
    // Every time column says its zone in its name, and every time is UTC (ends in Z).
    expect((lines[0] ?? '').split(',').filter((column) => column.endsWith('_at') || column.includes('_at_'))).toEqual([
      'created_at_utc',
      'outcome_at_utc',
    ]);
    expect(lines[1]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z,/);
    expect(lines).toHaveLength(4);
    expect(csv).toContain('10.00');
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv).not.toMatch(/authkey/i);
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('-1')).toBe("'-1");
  });
});

describe('journal lines', () => {
  it('names the field and the rule of a bad line', () => {
    expect(decodeLine('{"t":"intent","id":"a","at":"2026-01-01T00:00:00Z","op":"Refund"}')).toEqual({
      ok: false,
      error: expect.stringMatching(/^op must be one of Sale, Auth/),
    });
    expect(
      decodeLine(
        '{"t":"outcome","id":"a","at":"2026-01-01T00:00:00Z","result":"approved","statusCode":"0000","message":"","card":{"first4":"4761","last4":"4761000011119"}}',
      ),
    ).toEqual({
      ok: false,
      error: 'card must hold at most first 4 and last 4 digits',
    });
    expect(decodeLine('{"t":"note","id":"a","at":"2026-01-01T00:00:00Z"}')).toEqual({
      ok: false,
      error: 't must be one of intent, attempt, unknown, outcome',
    });
    expect(decodeLine('[1]')).toEqual({ ok: false, error: 'is not a JSON object' });
  });
});
