import { describe, expect, it } from 'vitest';
import { JournalIndex } from './journal-index';
import type { IntentLine, JournalEntry, OutcomeLine } from './records';

const intent = (id: string, ref: string, tpn: string, at: string): IntentLine => ({
  t: 'intent',
  id,
  at,
  op: 'Sale',
  ref,
  tpn,
  profileId: 'profile-fake-1',
  paymentType: 'Credit',
  amountCents: 500,
  tipCents: 0,
  deadlineAt: at,
});

const outcome = (id: string, result: OutcomeLine['result']): OutcomeLine => ({
  t: 'outcome',
  id,
  at: '2026-01-01T10:00:05.000Z',
  result,
  statusCode: '0000',
  message: 'Approved',
  card: { brand: 'Visa', first4: '4761', last4: '0119' },
});

const source = (position: number) => ({ file: 'test', line: position, position });

describe('JournalIndex', () => {
  it('finds every use of a reference on its terminal only, in any letter case, oldest first even when history arrives later', () => {
    const index = new JournalIndex();
    index.apply(intent('c', 'Ref-1', 'TPN-A', '2026-01-03T10:00:00.000Z'), source(30));
    index.apply(intent('x', 'REF-1', 'TPN-B', '2026-01-02T10:00:00.000Z'), source(25));
    // Merged in from sealed segments after start: older than what is already known.
    index.apply(intent('a', 'ref-1', 'TPN-A', '2026-01-01T10:00:00.000Z'), source(10), true);
    index.apply(intent('b', 'REF-1', 'TPN-A', '2026-01-02T10:00:00.000Z'), source(20), true);
    index.apply(intent('other', 'REF-2', 'TPN-A', '2026-01-02T10:00:00.000Z'), source(21), true);

    const ids = (rows: number[]) => rows.map((row) => (index.entryOrStored(row) as JournalEntry).intent.id);
    expect(ids(index.usesOf('TPN-A', 'REF-1'))).toEqual(['a', 'b', 'c']);
    expect(ids(index.usesOf('TPN-B', 'ref-1'))).toEqual(['x']);
    expect(ids(index.usesOf('TPN-A', 'REF-2'))).toEqual(['other']);
    expect(index.usesOf('TPN-C', 'REF-1')).toEqual([]);
    expect(index.usesOf('TPN-A', 'REF-3')).toEqual([]);
  });

  it('keeps every field of the lines it stores, shared texts included', () => {
    const index = new JournalIndex();
    const first = intent('a', 'R1', 'TPN-A', '2026-01-01T10:00:00.000Z');
    const second = intent('b', 'R2', 'TPN-A', '2026-01-01T10:00:01.000Z');
    index.apply(structuredClone(first), source(1));
    index.apply(structuredClone(second), source(2));
    index.apply(outcome('a', 'approved'), source(3));

    expect(index.get('a')?.intent).toEqual(first);
    expect(index.get('b')?.intent).toEqual(second);
    expect(index.get('a')?.outcome).toEqual(outcome('a', 'approved'));
    expect(index.pending().map((entry) => entry.intent.id)).toEqual(['b']);
  });

  it('keeps a pending entry this session is writing an outcome for, even when its older outcome is merged in from history meanwhile', () => {
    const index = new JournalIndex();
    // Pending at start: its intent comes from the checkpoint (a copy, no place on disk).
    index.apply(intent('p', 'REF-P', 'TPN-A', '2026-01-01T10:00:00.000Z'), { ...source(10), copy: true });
    const row = index.rowOf('p') as number;
    // Recovery is about to write its outcome: the journal holds the entry first.
    index.hold(row, index.get('p') as JournalEntry);
    // Meanwhile the history loader merges the intent and an outcome written just before a crash.
    index.apply(intent('p', 'REF-P', 'TPN-A', '2026-01-01T10:00:00.000Z'), { ...source(10), offset: 0, length: 250 }, true);
    index.apply(outcome('p', 'declined'), { ...source(20), offset: 250, length: 180 }, true);
    // Then this session's outcome line lands (no byte place known for it yet).
    index.apply(outcome('p', 'approved'), source(30));
    const entry = index.entryOrStored(row);
    expect('row' in entry).toBe(false);
    expect((entry as JournalEntry).outcome?.result).toBe('approved');
  });
});
