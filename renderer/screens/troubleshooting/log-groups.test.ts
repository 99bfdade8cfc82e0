import { describe, expect, it } from 'vitest';
import type { LogEntryView } from '@shared/ipc/diagnostics-views';
import { groupLookups, lookupWords } from './log-groups';

let n = 0;
function entry(endpoint: LogEntryView['endpoint'], referenceId: string | undefined, extra: Partial<LogEntryView> = {}): LogEntryView {
  n += 1;
  return {
    id: `e${n}`,
    at: new Date(Date.UTC(2026, 0, 1, 12, 0, n)).toISOString(),
    durationMs: 5,
    endpoint,
    url: 'http://127.0.0.1/x',
    tpn: 'TPN0000001',
    ...(referenceId ? { referenceId } : {}),
    outcome: 'terminal',
    explanation: 'x',
    ...extra,
  };
}

describe('grouping a payment and its lookups', () => {
  it('folds the Status lookups of a payment under it and leaves everything else alone', () => {
    const sale = entry('Sale', 'REF1', { outcome: 'service', statusCode: '2007' });
    const lookups = [1, 2, 3].map(() => entry('Status', 'REF1', { statusCode: '1001' }));
    const summary = entry('Summary', undefined, { outcome: 'ok' });
    const found = entry('Status', 'REF1', { outcome: 'ok', statusCode: '0000' });
    const otherTerminal = entry('Status', 'REF1', { tpn: 'TPN0000002' });
    const unrelated = entry('Status', 'OTHER');
    const newestFirst = [sale, ...lookups, summary, found, otherTerminal, unrelated].reverse();

    const rows = groupLookups(newestFirst);
    expect(rows.map((row) => row.entry.id)).toEqual([unrelated, otherTerminal, summary, sale].map((e) => e.id));
    expect(rows.at(-1)?.lookups.map((l) => l.id)).toEqual([found, ...[...lookups].reverse()].map((l) => l.id));
    expect(rows.at(-1)?.lookups.map((l) => lookupWords(l))).toEqual(['Found', 'Not found yet', 'Not found yet', 'Not found yet']);
  });

  it('puts lookups after a Void under the Void, though it carries its sale reference', () => {
    const sale = entry('Sale', 'REF2', { outcome: 'ok' });
    const saleLookup = entry('Status', 'REF2');
    const voiding = entry('Void', 'REF2', { outcome: 'service' });
    const voidLookup = entry('Status', 'REF2');
    const rows = groupLookups([voidLookup, voiding, saleLookup, sale]);
    expect(rows.map((row) => [row.entry.id, row.lookups.map((l) => l.id)])).toEqual([
      [voiding.id, [voidLookup.id]],
      [sale.id, [saleLookup.id]],
    ]);
  });

  it('puts the "not found" Status of a reference just before its first payment (the witness read) under that payment', () => {
    const witness = entry('Status', 'REF3', { statusCode: '1001' });
    const sale = entry('Sale', 'REF3', { outcome: 'service', statusCode: '2007' });
    const lookup = entry('Status', 'REF3', { statusCode: '1001' });
    const strayBefore = entry('Status', 'REF4', { statusCode: '1001' });
    const rows = groupLookups([strayBefore, lookup, sale, witness]);
    expect(rows.map((row) => [row.entry.id, row.lookups.map((l) => l.id)])).toEqual([
      [strayBefore.id, []],
      [sale.id, [lookup.id, witness.id]],
    ]);
    expect(rows[1]?.lookups.map((l) => lookupWords(l, sale))).toEqual(['Not found yet', 'Not in the open batch before it was sent']);
  });
});

describe('the batch witness read as StatusList (the plain 1001 names no batch)', () => {
  it('puts the open batch read between the witness Status and its first payment under that payment', () => {
    const witness = entry('Status', 'REF5', { statusCode: '1001' });
    const openBatch = entry('StatusList', undefined, { outcome: 'ok', statusCode: '0000' });
    const sale = entry('Sale', 'REF5', { outcome: 'service', statusCode: '2007' });
    const lookup = entry('Status', 'REF5', { statusCode: '1001' });
    // A StatusList asked for on its own (the reports screen) is no witness read, nor one of another
    // terminal between a witness Status and its payment.
    const ownList = entry('StatusList', undefined, { outcome: 'ok', statusCode: '0000' });
    const otherWitness = entry('Status', 'REF7', { statusCode: '1001', tpn: 'TPN0000002' });
    const otherTerminalList = entry('StatusList', undefined, { outcome: 'ok', statusCode: '0000' });
    const nextSale = entry('Sale', 'REF7', { outcome: 'ok', statusCode: '0000', tpn: 'TPN0000002' });
    const rows = groupLookups([nextSale, otherTerminalList, otherWitness, ownList, lookup, sale, openBatch, witness]);
    expect(rows.map((row) => [row.entry.id, row.lookups.map((l) => l.id)])).toEqual([
      [nextSale.id, [otherWitness.id]],
      [otherTerminalList.id, []],
      [ownList.id, []],
      [sale.id, [lookup.id, openBatch.id, witness.id]],
    ]);
    expect(rows.at(-1)?.lookups.map((l) => lookupWords(l, sale))).toEqual([
      'Not found yet',
      'Open batch read before it was sent',
      'Not in the open batch before it was sent',
    ]);
  });
});
