import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileJournal } from './file-journal';
import type { JournalEntry, NewIntent, NewOutcome } from './records';
import { holdHistory } from '../../../tests/support/held-history';
import { allEntries } from '../../../tests/support/journal-entries';

// The ReferenceId check reads the sealed segments on demand while the history index is still
// loading: its answer must be exactly what the full index says once loaded.

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ref-scan-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const TPN = 'FLT0000001';
const OTHER_TPN = 'FLT0000002';

const intent = (ref: string, tpn = TPN): NewIntent => ({
  op: 'Sale',
  ref,
  tpn,
  profileId: 'p1',
  paymentType: 'Credit',
  amountCents: 1000,
  tipCents: 0,
  deadlineMs: Date.now() + 5000,
});
const outcome = (result: NewOutcome['result']): NewOutcome => ({
  result,
  statusCode: result === 'approved' ? '0000' : '1015',
  message: result,
});

const summary = (uses: JournalEntry[]) => uses.map((e) => [e.intent.id, e.intent.ref, e.outcome?.result ?? 'unknown', e.attempts]);

/** A small deterministic generator, so a failure can be replayed. */
function prng(seed: number) {
  let state = seed >>> 0;
  return (n: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
}

describe('reference uses while history loads', () => {
  it('answers every reference from disk before the index is loaded, exactly as the loaded index does', async () => {
    const random = prng(16);
    // Letters with a digit (searched by lowering the text) and long digit runs (searched natively by them).
    const refs = Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? `RS${i}Ab` : `Rx${4000 + i}-${i}`));
    const results: (NewOutcome['result'] | undefined)[] = ['approved', 'refused', 'declined', 'not-processed', 'partial', undefined];
    const journal = await FileJournal.open(dir, { maxSegmentLines: 5 });
    // Outcomes that come late land in a later segment than their intent.
    const late: { id: string; result: NewOutcome['result'] }[] = [];
    for (let i = 0; i < 80; i += 1) {
      const ref = refs[random(refs.length)] as string;
      // The same reference in another case, and on another terminal, now and then.
      const spelled = random(4) === 0 ? ref.toLowerCase() : ref;
      const entry = await journal.recordIntent(intent(spelled, random(6) === 0 ? OTHER_TPN : TPN));
      if (random(3) === 0) await journal.recordAttempt(entry.intent.id, 1, Date.now() + 9000, 'busy');
      const result = results[random(results.length)];
      if (result === undefined) continue;
      if (random(2) === 0) late.push({ id: entry.intent.id, result });
      else await journal.recordOutcome(entry.intent.id, outcome(result));
      while (late.length > 0 && random(3) === 0) {
        const next = late.shift() as { id: string; result: NewOutcome['result'] };
        await journal.recordOutcome(next.id, outcome(next.result));
      }
    }
    for (const next of late) await journal.recordOutcome(next.id, outcome(next.result));
    // A few still unknown at the end, written last.
    await journal.recordIntent(intent(refs[0] as string));
    await journal.close();

    expect(readdirSync(dir).filter((file) => file.endsWith('.jsonl')).length).toBeGreaterThan(10);
    const held = holdHistory(dir);
    const reopened = await FileJournal.open(dir, { fs: held.fs, maxSegmentLines: 5 });
    await held.holding;
    let historyLoaded = false;
    const history = allEntries(reopened).then(() => (historyLoaded = true));
    const asked = [...refs, ...refs.map((r) => r.toUpperCase()), 'RSNEVER1'];
    const early = new Map<string, ReturnType<typeof summary>>();
    for (const ref of asked) for (const tpn of [TPN, OTHER_TPN]) early.set(`${tpn} ${ref}`, summary(await reopened.usesOf(tpn, ref)));
    expect(historyLoaded).toBe(false);

    held.release();
    await history;
    for (const ref of asked) {
      for (const tpn of [TPN, OTHER_TPN])
        expect(early.get(`${tpn} ${ref}`), `${tpn} ${ref}`).toEqual(summary(await reopened.usesOf(tpn, ref)));
    }
    // Not vacuous: most references were used, in several states, and many lived only in sealed segments.
    const all = summary(await reopened.usesOf(TPN, refs[0] as string));
    expect(all.length).toBeGreaterThan(2);
    expect(new Set([...early.values()].flat().map((use) => use[2])).size).toBeGreaterThanOrEqual(4);
    await reopened.close();
  });

  it('finds a reference spelled with the Kelvin sign, the one non-ASCII letter whose lower case is ASCII', async () => {
    const journal = await FileJournal.open(dir, { maxSegmentLines: 2 });
    // Only a request the SPIn schema then refused can carry it (refused: it never left the PC).
    const kelvin = await journal.recordIntent(intent('RS\u212aELVIN'));
    await journal.recordOutcome(kelvin.intent.id, outcome('refused'));
    for (let i = 0; i < 6; i += 1) await journal.recordIntent(intent(`RSFILL${i}`));
    await journal.close();
    const held = holdHistory(dir);
    const reopened = await FileJournal.open(dir, { fs: held.fs, maxSegmentLines: 2 });
    await held.holding;
    expect(summary(await reopened.usesOf(TPN, 'rskelvin'))).toEqual([[expect.any(String), 'RS\u212aELVIN', 'refused', 0]]);
    held.release();
    await allEntries(reopened);
    await reopened.close();
  });
});
