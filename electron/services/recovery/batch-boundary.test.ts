import { describe, expect, it } from 'vitest';
import { englishOf } from '@shared/ipc/said';
import { MemoryJournal } from '../journal/sqlite-journal';
import type { JournalResult, MoneyOperation } from '../journal/records';
import { openBatchWitness, ourSettleSince, readWitness } from './batch-boundary';

const TPN = 'BBTPN00001';

/** Writes one finished (or, without `result`, pending) entry. */
async function entry(journal: MemoryJournal, op: MoneyOperation, ref: string, result?: JournalResult, batchNumber?: string) {
  const written = await journal.recordIntent({ op, ref, tpn: TPN, profileId: 'p1', amountCents: 100, tipCents: 0, deadlineMs: Date.now() });
  if (!result) return written;
  return journal.recordOutcome(written.intent.id, { result, statusCode: '', message: '', ...(batchNumber ? { batchNumber } : {}) });
}

describe('the batch a request could land in', () => {
  it('is witnessed by the newest approval with a batch number, skipping declines, voids and refused Settles', async () => {
    const journal = new MemoryJournal();
    await entry(journal, 'Sale', 'OLD', 'approved', '3');
    await entry(journal, 'Sale', 'W1', 'approved', '4');
    await entry(journal, 'Settle', 'S-EMPTY', 'declined');
    await entry(journal, 'Void', 'W1', 'approved', '4');
    await entry(journal, 'Sale', 'NO', 'declined');
    expect(await openBatchWitness(journal, TPN)).toEqual({ ref: 'W1', paymentType: 'Card', batchNumber: '4' });
  });

  it('has no witness once a Settle of ours may have closed the batch (approved, or its outcome unknown)', async () => {
    for (const result of ['approved', undefined] as const) {
      const journal = new MemoryJournal();
      await entry(journal, 'Sale', 'W1', 'approved', '4');
      await entry(journal, 'Settle', 'S1', result);
      expect(await openBatchWitness(journal, TPN)).toBeUndefined();
    }
  });

  it("sees this PC's Settle written after the request, not one before it nor one that closed nothing", async () => {
    const journal = new MemoryJournal();
    await entry(journal, 'Settle', 'S0', 'approved');
    const sale = await entry(journal, 'Sale', 'LOST');
    await entry(journal, 'Settle', 'S-REFUSED', 'refused');
    expect(await ourSettleSince(journal, sale)).toBeUndefined();
    await entry(journal, 'Settle', 'S2', 'partial');
    expect((await ourSettleSince(journal, sale))?.intent.ref).toBe('S2');
  });

  it('reads the witness lookup: same batch open, closed (gone, other number, only a decline left), or ask again', () => {
    const witness = { ref: 'W1', paymentType: 'Card', batchNumber: '4' };
    const record = (BatchNumber?: string) => ({ kind: 'answer', answer: { kind: 'record', record: { BatchNumber } } }) as const;
    expect(readWitness(record('4'), witness)).toEqual({ kind: 'open' });
    expect(readWitness(record(undefined), witness)).toEqual({ kind: 'open' });
    const closed = readWitness(record('5'), witness);
    expect(closed.kind === 'closed' && englishOf(closed.said)).toBe('batch 4 was settled since it was sent');
    expect(readWitness({ kind: 'answer', answer: { kind: 'not-found' } }, witness)).toMatchObject({ kind: 'closed' });
    const declined = { kind: 'failed-record', result: 'declined', record: {} } as const;
    expect(readWitness({ kind: 'answer', answer: declined }, witness)).toMatchObject({ kind: 'closed' });
    expect(readWitness({ kind: 'ask-again', detail: 'busy', waitSeconds: 1 }, witness)).toEqual({
      kind: 'ask-again',
      detail: 'busy',
      waitSeconds: 1,
    });
  });
});
