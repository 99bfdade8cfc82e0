import Database from 'better-sqlite3';
import { appendFileSync, cpSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toEntryView } from './entry-view';
import { toCsv } from './journal-csv';
import { CANCELS_READ_KEY } from './journal-database';
import { decodeLine } from './line-codec';
import { JOURNAL_FILE, SEGMENT_FOLDER } from './open-journal';
import type { NewIntent } from './records';
import type { SqliteJournal } from './sqlite-journal';
import { journalFolderPerTest } from './test-support/journal-folder-per-test';

// A cancel on the terminal (1012) is an outcome of its own in the journal: stored, indexed, listed,
// filtered and exported as 'canceled', never as 'declined'. Journals written before it existed
// recorded a cancel as 'declined' with 1012: those lines stay as written and read as canceled,
// whether they come from a segment journal, an SQLite journal of an older build, or were written
// by an older build since this one last opened the file.

const data = journalFolderPerTest('canceled-journal-');
const { open, close } = data;

const sale = (ref: string): NewIntent => ({
  op: 'Sale',
  ref,
  tpn: 'CANCELTPN1',
  profileId: 'p1',
  paymentType: 'Credit',
  amountCents: 2500,
  tipCents: 0,
  deadlineMs: Date.parse('2026-11-26T10:00:00Z'),
});

const CANCEL = { statusCode: '1012', message: 'Canceled' } as const;
const DECLINE = { result: 'declined', statusCode: '1015', message: 'Declined' } as const;

/** A sale recorded in `journal` with its answer, as the runner records one. */
async function answeredSale(journal: SqliteJournal, ref: string, answer: Parameters<SqliteJournal['recordOutcome']>[1]) {
  const entry = await journal.recordIntent(sale(ref));
  await journal.recordOutcome(entry.intent.id, answer);
}

/** What History and its filter see: each entry's state, and which references each state filter finds. */
async function seen(journal: SqliteJournal) {
  const page = await journal.page({}, 0, 50);
  const refsWith = async (state: 'canceled' | 'declined') => (await journal.page({ state }, 0, 50)).items.map((entry) => entry.intent.ref);
  return {
    states: Object.fromEntries(page.items.map((entry) => [entry.intent.ref, toEntryView(entry).state])),
    canceled: await refsWith('canceled'),
    declined: await refsWith('declined'),
  };
}

/** The CSV's state column by reference. */
async function csvStates(journal: SqliteJournal): Promise<Record<string, string>> {
  const { csv } = await toCsv(journal, {}, 'oldest');
  const [head = '', ...rows] = csv.trim().split('\r\n');
  const columns = head.split(',');
  return Object.fromEntries(
    rows.map((row) => {
      const cells = row.split(',');
      return [cells[columns.indexOf('reference_id')], cells[columns.indexOf('state')]];
    }),
  );
}

/** Sets an entry's index back to what a build without 'canceled' wrote for it. */
function asOlderBuildIndexedIt(ref: string, options: { forgetReadMark?: boolean } = {}): void {
  const db = new Database(join(data.dir, JOURNAL_FILE));
  try {
    db.prepare("UPDATE entries SET state = 'declined' WHERE ref_lower = ?").run(ref.toLowerCase());
    if (options.forgetReadMark) db.prepare('DELETE FROM meta WHERE key = ?').run(CANCELS_READ_KEY);
  } finally {
    db.close();
  }
}

describe('a canceled payment in the journal', () => {
  it('is written, indexed, filtered and exported as canceled, apart from a decline, with no amount that moved', async () => {
    const journal = open();
    await answeredSale(journal, 'CAN0001', { result: 'canceled', ...CANCEL });
    await answeredSale(journal, 'DEC0001', DECLINE);

    expect(journal.lines().filter((line) => line.t === 'outcome')).toMatchObject([{ result: 'canceled' }, { result: 'declined' }]);
    expect(await seen(journal)).toEqual({
      states: { CAN0001: 'canceled', DEC0001: 'declined' },
      canceled: ['CAN0001'],
      declined: ['DEC0001'],
    });
    expect(await csvStates(journal)).toEqual({ CAN0001: 'canceled', DEC0001: 'declined' });
    const { csv } = await toCsv(journal, { state: 'canceled' }, 'oldest');
    const [head = '', row = ''] = csv.trim().split('\r\n');
    const record = Object.fromEntries(row.split(',').map((value, index) => [head.split(',')[index], value]));
    // Requested, but nothing approved or charged: 0 in every money column (the terminal named no amount: empty), the request in its own (issue 36).
    expect(record).toMatchObject({
      requested_amount: '25.00',
      amount: '0.00',
      total: '0.00',
      charged: '0.00',
      state: 'canceled',
      status_code: '1012',
      approved_amount: '',
      terminal_total: '',
    });
  });

  it('a line with the new result is a valid journal line', () => {
    const line = { t: 'outcome', id: 'x', at: '2026-11-26T10:00:00Z', result: 'canceled', statusCode: '1012', message: 'Canceled' };
    expect(decodeLine(JSON.stringify(line))).toEqual({ ok: true, line });
  });
});

describe('a cancel recorded as "declined" by an older version', () => {
  it('from a segment journal: imported as written, read and found as canceled; other declines stay declined', async () => {
    const segments = join(data.dir, SEGMENT_FOLDER);
    cpSync('tests/fixtures/segment-journal', segments, { recursive: true });
    const last = readdirSync(segments)
      .filter((file) => file.endsWith('.jsonl'))
      .sort()
      .at(-1) as string;
    const id = 'c0ffee00-0000-4000-8000-000000000012';
    appendFileSync(
      join(segments, last),
      `${JSON.stringify({ t: 'intent', id, at: '2026-11-26T07:39:00.000Z', tpn: 'Z9FAKE0001', profileId: 'fake-profile', paymentType: 'Credit', tipCents: 0, op: 'Sale', ref: 'SEGCANCEL', amountCents: 4200, deadlineAt: '2026-11-26T07:40:00.000Z' })}\n` +
        `${JSON.stringify({ t: 'outcome', id, at: '2026-11-26T07:39:05.000Z', result: 'declined', statusCode: '1012', message: 'Canceled' })}\n`,
    );
    const journal = open();
    expect(journal.warnings()).toEqual([]);
    // The record itself is not rewritten.
    expect(journal.lines().filter((line) => line.id === id && line.t === 'outcome')).toMatchObject([
      { result: 'declined', statusCode: '1012' },
    ]);
    const { states, canceled, declined } = await seen(journal);
    expect(states.SEGCANCEL).toBe('canceled');
    expect(canceled).toEqual(['SEGCANCEL']);
    // The fixture's own decline (1015) is still a decline.
    expect(declined).toEqual(['seg0002']);
    expect((await csvStates(journal)).SEGCANCEL).toBe('canceled');
  });

  it('in an SQLite journal of an older build: re-indexed once on open, the lines untouched', async () => {
    const journal = open();
    await answeredSale(journal, 'OLDCAN01', { result: 'declined', ...CANCEL });
    await answeredSale(journal, 'OLDDEC01', DECLINE);
    const lines = journal.lines();
    await close(journal);
    asOlderBuildIndexedIt('OLDCAN01', { forgetReadMark: true });

    const again = open();
    expect(again.lines()).toEqual(lines);
    expect(await seen(again)).toEqual({
      states: { OLDCAN01: 'canceled', OLDDEC01: 'declined' },
      canceled: ['OLDCAN01'],
      declined: ['OLDDEC01'],
    });
    expect(await csvStates(again)).toEqual({ OLDCAN01: 'canceled', OLDDEC01: 'declined' });
  });

  it('written by an older build since this one last opened the journal: found as canceled on the next open', async () => {
    const journal = open();
    await answeredSale(journal, 'BEFORE01', { result: 'canceled', ...CANCEL });
    await close(journal);
    // An older build runs in between: its cancel goes into the index as declined.
    const older = open();
    await answeredSale(older, 'BETWEEN1', { result: 'declined', ...CANCEL });
    await close(older);
    asOlderBuildIndexedIt('BETWEEN1');
    expect((await seen(open())).canceled.sort()).toEqual(['BEFORE01', 'BETWEEN1']);
  });
});
