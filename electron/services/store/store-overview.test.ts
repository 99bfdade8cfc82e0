import { afterEach, describe, expect, it } from 'vitest';
import type { SummaryReport } from '@shared/ipc/report-views';
import type { ProfileView } from '@shared/ipc/profile-views';
import { MemoryJournal } from '../journal/sqlite-journal';
import type { TerminalTarget } from '../profiles/profile-service';
import { TerminalActivity } from '../terminal/terminal-activity';
import { BatchFigures, figuresOf } from './batch-figures';
import { skipReasonOf } from './settle-all';
import { storeOverview } from './store-overview';

// The Store screen's rows from what this PC already knows (profiles, journal, what waits on each
// terminal, the figures last read), without asking any terminal. Authkeys are obvious fakes.

const BASE = 'http://127.0.0.1:9';
const profile = (n: number, extra: Partial<ProfileView> = {}): ProfileView => ({
  id: `p${n}`,
  name: `Lane ${n}`,
  environment: 'custom',
  endpointLabel: BASE,
  tpn: `STORETPN000${n}`,
  proxyTimeoutSeconds: 60,
  merchantNumber: null,
  hasAuthkey: true,
  ...extra,
});
const lanes = [profile(1, { merchantNumber: 2 }), profile(2), profile(3), profile(4, { hasAuthkey: false })];
const profiles = {
  list: async () => ({ profiles: lanes, activeId: 'p1' }),
  target: async (id?: string): Promise<TerminalTarget> => {
    const found = lanes.find((lane) => lane.id === id) ?? (lanes[0] as ProfileView);
    return { profileId: found.id, baseUrl: BASE, tpn: found.tpn, authkey: 'FAKEKEY001', proxyTimeoutSeconds: 60 };
  },
};

const blank = { sale: null, ret: null, void: null, auth: null, ticket: null, reversal: null, cashAdvance: null };

function summary(profileId: string, fetchedAt: string, totals: { count: number | null; total: number | null }[]): SummaryReport {
  return {
    profileId,
    tpn: 'x',
    fetchedAt,
    applications: totals.map((t, i) => ({ merchantNumber: 1, application: `App${i}`, totals: { ...blank, ...t } })),
  };
}

const intent = (op: 'Sale' | 'Settle', ref: string, tpn: string, amountCents = 0) => ({
  op,
  ref,
  tpn,
  profileId: 'p1',
  amountCents,
  tipCents: 0,
  deadlineMs: Date.now() + 60_000,
});

let journal: MemoryJournal;
afterEach(async () => {
  await journal?.close();
});

describe('storeOverview', () => {
  it('gives each terminal its waits, lookups, last Settle and kept figures, stale once money moved after they were read', async () => {
    journal = new MemoryJournal();
    const tpn1 = lanes[0]?.tpn ?? '';
    const settle = await journal.recordIntent(intent('Settle', 'SETTLE1', tpn1));
    const totals = { ...blank, count: 3, sale: 5000, total: 5000 };
    const detail = { merchantNumber: 2, merchantName: '', application: 'Credit', hostStatus: '', detailedMessage: '', receipt: '' };
    await journal.recordOutcome(settle.intent.id, {
      result: 'approved',
      statusCode: '0000',
      message: 'Approved',
      settlement: {
        settlementType: 'Close',
        details: [
          { ...detail, batchNumber: '12', totals },
          { ...detail, application: 'Debit', batchNumber: '12', totals: { ...totals, total: 1500 } },
        ],
      },
    });
    const figures = new BatchFigures();
    figures.note(
      summary('p1', new Date(Date.now() - 1000).toISOString(), [
        { count: 2, total: 700 },
        { count: 1, total: null },
      ]),
    );
    figures.note(summary('p3', new Date(Date.now() + 60_000).toISOString(), [{ count: 0, total: 0 }]));
    // After lane 1's figures were read: a sale, so they must be read again.
    const sale = await journal.recordIntent(intent('Sale', 'SALE1', tpn1, 1250));
    await journal.recordOutcome(sale.intent.id, { result: 'approved', statusCode: '0000', message: 'Approved' });
    // Lane 2: a sale whose answer was lost, still being looked up.
    await journal.recordIntent(intent('Sale', 'LOST1', lanes[1]?.tpn ?? '', 990));
    // Lane 3: this PC waits on a sale there now (journaled, its answer not in yet): the customer is
    // at the terminal, nothing is being looked up.
    await journal.recordIntent(intent('Sale', 'WAIT1', lanes[2]?.tpn ?? '', 500));
    // Lane 3's last close was learned from a lookup after a restart: no totals were given.
    const lookedUp = await journal.recordIntent(intent('Settle', 'SETTLE3', lanes[2]?.tpn ?? ''));
    await journal.recordOutcome(lookedUp.intent.id, { result: 'approved', statusCode: '', message: 'Batch closed' });
    const activity = new TerminalActivity();
    activity.claim(await profiles.target('p3'), { operation: 'Sale', referenceId: 'WAIT1' });

    const { rows } = await storeOverview({ profiles, journal, activity, figures });

    const [one, two, three, four] = rows;
    expect(one).toMatchObject({
      name: 'Lane 1',
      merchantNumber: 2,
      waiting: null,
      lookingUp: [],
      batch: { count: 3, totalCents: 700 },
      batchStale: true,
      lastSettle: { referenceId: 'SETTLE1', totalCents: 6500, batchNumbers: ['12'] },
    });
    expect(two).toMatchObject({ waiting: null, batch: null, batchStale: true, lastSettle: null });
    expect(two?.lookingUp).toEqual([expect.objectContaining({ referenceId: 'LOST1', operation: 'Sale', amountCents: 990 })]);
    expect(three).toMatchObject({ waiting: { operation: 'Sale', referenceId: 'WAIT1' }, lookingUp: [], batch: { count: 0 } });
    expect(three?.lastSettle).toMatchObject({ referenceId: 'SETTLE3', totalCents: null, totalsKnown: false });
    expect(one?.lastSettle).not.toHaveProperty('totalsKnown');
    // Without an Authkey nothing was sent and nothing is asked.
    expect(four).toMatchObject({ hasAuthkey: false, waiting: null, batch: null, batchStale: false });
  });
});

describe('BatchFigures', () => {
  it('adds the applications up, with a null total only when the terminal gave none', () => {
    expect(
      figuresOf(
        summary('p1', 'x', [
          { count: 2, total: 100 },
          { count: null, total: -40 },
        ]),
      ),
    ).toMatchObject({ count: 2, totalCents: 60 });
    expect(figuresOf(summary('p1', 'x', [{ count: 1, total: null }]))).toMatchObject({ count: 1, totalCents: null });
    expect(figuresOf(summary('p1', 'x', []))).toMatchObject({ count: 0, totalCents: 0 });
  });

  it('counts a failed read as tried, so the screen does not ask again until money moves again', () => {
    const figures = new BatchFigures();
    const moved = '2026-03-01T10:00:00.000Z';
    expect(figures.staleSince('p1', moved)).toBe(true);
    figures.tried('p1', '2026-03-01T10:00:05.000Z');
    expect(figures.staleSince('p1', moved)).toBe(false);
    expect(figures.staleSince('p1', '2026-03-01T10:01:00.000Z')).toBe(true);
    figures.closed('p1', '2026-03-01T10:02:00.000Z');
    expect(figures.of('p1')).toMatchObject({ count: 0, totalCents: 0 });
  });
});

describe('skipReasonOf', () => {
  it('reads offline, busy and the rest from the error the handlers give', () => {
    expect(skipReasonOf({ code: 'PROXY', message: '', statusCode: '2001' })).toBe('offline');
    expect(skipReasonOf({ code: 'NETWORK', message: '' })).toBe('offline');
    expect(skipReasonOf({ code: 'PROXY', message: '', statusCode: '2008' })).toBe('busy');
    expect(skipReasonOf({ code: 'TERMINAL_BUSY', message: '' })).toBe('busy');
    expect(skipReasonOf({ code: 'NO_AUTHKEY', message: '' })).toBe('no-authkey');
    expect(skipReasonOf({ code: 'BAD_RESPONSE', message: '' })).toBe('unreadable');
  });
});
