import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeLine } from './line-codec';
import { csvField } from '@shared/csv';
import { toCsv } from './journal-csv';
import { MemoryJournal } from './sqlite-journal';
import { filterSql, tallySql, type EntryFilter } from './journal-query';
import { closeDatabase, openForWriting, openInMemory, SCHEMA_VERSION } from './journal-database';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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
    const { csv, rows } = await toCsv(await sample());
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

describe('every History filter has an index behind it', () => {
  // Without one, a search for an amount or an outcome read all 1,000,000 entries (0.6 s). The plan
  // of both queries History's page makes (the count, and the rows newest first) must SEARCH an index
  // with the filter's condition, never SCAN the table or a whole index.
  const filters: [string, EntryFilter][] = [
    ['date range', { from: '2026-01-02T00:00:00Z', to: '2026-01-03T00:00:00Z' }],
    ['reference, whole', { referenceId: 'QA' }],
    ['reference, part (trigram index)', { referenceId: 'qa-0' }],
    ['amount', { amountCents: 1000 }],
    ['last 4', { last4: '4242' }],
    ['outcome', { state: 'approved' }],
    ['pending', { state: 'pending' }],
    ['terminal', { tpn: 'FLT0000001' }],
  ];
  // A selective condition picks the index even beside a broad one: 'amount and declined' read all
  // 34,622 declined entries through the outcome's index (1 s at 1,000,000 entries).
  const selective: [string, EntryFilter, RegExp][] = [
    ['amount and outcome', { amountCents: 1000, state: 'declined' }, /entries_by_amount/],
    ['last 4 and outcome', { last4: '4242', state: 'approved' }, /entries_by_last4/],
    ['last 4 and terminal', { last4: '4242', tpn: 'FLT0000001' }, /entries_by_last4/],
    ['amount and terminal, a date range', { amountCents: 1000, tpn: 'FLT0000001', from: '2026-01-01T00:00:00Z' }, /entries_by_amount/],
  ];
  it.each(selective)('%s: the selective index', (_, filter, index) => {
    const opened = openInMemory();
    try {
      const { where, params } = filterSql(filter);
      const plan = (opened.db.prepare(`EXPLAIN QUERY PLAN SELECT count(*) FROM entries ${where}`).all(...params) as { detail: string }[])
        .map((row) => row.detail)
        .join('\n');
      expect(plan).toMatch(index);
    } finally {
      closeDatabase(opened);
    }
  });
  it.each(filters)('%s', (_, filter) => {
    const opened = openInMemory();
    try {
      const { where, params } = filterSql(filter);
      const plan = (sql: string) =>
        (opened.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params, 50, 0) as { detail: string }[]).map((row) => row.detail);
      const count = plan(`SELECT count(*) FROM entries ${where} LIMIT ? OFFSET ?`);
      const rows = plan(`SELECT * FROM entries ${where} ORDER BY created_ms DESC, seq DESC LIMIT ? OFFSET ?`);
      for (const steps of [count, rows]) {
        expect(steps.filter((step) => /^SCAN /.test(step) && !/VIRTUAL TABLE/.test(step))).toEqual([]);
        expect(steps.some((step) => /^SEARCH /.test(step) || /VIRTUAL TABLE INDEX/.test(step))).toBe(true);
      }
    } finally {
      closeDatabase(opened);
    }
  });
});

describe("the filters' indexes on a journal written before them", () => {
  it('are built on its first open, through the schema version', () => {
    const dir = mkdtempSync(join(tmpdir(), 'journal-v1-'));
    const path = join(dir, 'journal.sqlite');
    const indexes = (db: ReturnType<typeof openForWriting>['db']) =>
      (
        db
          .prepare(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND name IN ('entries_by_amount', 'entries_by_approved', 'entries_by_state') ORDER BY name",
          )
          .all() as { name: string }[]
      ).map((row) => row.name);
    try {
      // A schema 1 journal, as the build before wrote it: none of the three.
      const older = openForWriting(path, false);
      older.db.exec('DROP INDEX entries_by_amount; DROP INDEX entries_by_approved; DROP INDEX entries_by_state');
      older.db.pragma('user_version = 1');
      closeDatabase(older);
      const opened = openForWriting(path, false);
      expect(indexes(opened.db)).toEqual(['entries_by_amount', 'entries_by_approved', 'entries_by_state']);
      expect(opened.db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      closeDatabase(opened);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('counts by outcome and terminal', () => {
  it('come from a tally SQLite keeps with every entry and outcome, equal to counting the entries', async () => {
    const journal = await sample();
    await journal.recordIntent({
      op: 'Sale',
      ref: 'QC-004',
      tpn: 'FLT0000002',
      profileId: 'p1',
      amountCents: 5,
      tipCents: 0,
      deadlineMs: 0,
    });
    const counted = async (filter: EntryFilter) => {
      let n = 0;
      for await (const entry of journal.entries('newest', filter)) if (entry) n += 1;
      return n;
    };
    for (const filter of [
      { state: 'pending' },
      { state: 'approved' },
      { state: 'declined' },
      { tpn: 'FLT0000001' },
      { tpn: 'FLT0000002', state: 'pending' },
      { tpn: 'NONE' },
    ] as EntryFilter[]) {
      expect((await journal.page(filter, 0, 1)).total, JSON.stringify(filter)).toBe(await counted(filter));
    }
    expect((await journal.page({ state: 'pending' }, 0, 1)).total).toBe(2);
    const tally = tallySql({ state: 'approved', tpn: 'FLT0000001' });
    expect(tally?.sql).toMatch(/FROM entry_tallies/);
    expect(tallySql({ state: 'approved', amountCents: 1 })).toBeUndefined();
    await journal.close();
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
