import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { memoryAppServices } from '../../../tests/support/memory-app-services';
import { speakSpanishInThisTest } from '../../../tests/support/speak-spanish';
import { MemoryJournal } from './sqlite-journal';
import type { JournalWarning } from './records';
import { JournalService, PENDING_PAGE, WARNINGS_SHOWN } from './journal-service';
import { RecoveryRegistry } from '../recovery/recovery-registry';

// journal:pending is polled every 2 s (History) and every second (a sale's wait): what it answers is
// bounded however much is pending or was tolerated (10,100 pending entries were 3.6 MB a poll,
// 300,000 import warnings 49.6 MB).

let journal: MemoryJournal | undefined;
afterEach(async () => {
  await journal?.close();
  journal = undefined;
});

/** A service over a journal holding `pending` entries without an outcome (odd ones on one profile, even on another) and `warnings` tolerated lines. */
async function service(pending: number, warnings: number): Promise<JournalService> {
  const tolerated: JournalWarning[] = Array.from({ length: warnings }, (_, i) => ({
    kind: 'corrupt-line',
    file: 'seg-000001-20261120.jsonl',
    line: i + 1,
    message: `Line ${i + 1} is not valid JSON; it was not imported.`,
  }));
  journal = new MemoryJournal({ warnings: tolerated });
  for (let i = 0; i < pending; i += 1) {
    await journal.recordIntent({
      op: 'Sale',
      ref: `PEND${String(i).padStart(4, '0')}`,
      tpn: 'Z9FAKE0001',
      profileId: i % 2 === 0 ? 'even-profile' : 'odd-profile',
      amountCents: 100 + i,
      tipCents: 0,
      deadlineMs: Date.now() + 60_000,
    });
  }
  return new JournalService({
    journal,
    registry: new RecoveryRegistry(),
    reconciler: { reconciling: false },
    resume: () => Promise.reject(new Error('not in this test')),
    lookupBlocked: async () => undefined,
  });
}

describe('journal:pending, bounded', () => {
  it('answers the count and the first page of pending entries, oldest first, and the warnings as a count and the first few', async () => {
    const pending = await service(PENDING_PAGE + 20, 40);
    const answer = await pending.pending({});
    expect(answer.total).toBe(PENDING_PAGE + 20);
    expect(answer.entries).toHaveLength(PENDING_PAGE);
    expect(answer.entries[0]?.referenceId).toBe('PEND0000');
    expect(answer.entries.at(-1)?.referenceId).toBe(`PEND${String(PENDING_PAGE - 1).padStart(4, '0')}`);
    expect(answer.warningCount).toBe(40);
    expect(answer.warnings.map((warning) => warning.line)).toEqual(Array.from({ length: WARNINGS_SHOWN }, (_, i) => i + 1));
  });

  it('finds one reference, or one terminal profile, past the first page', async () => {
    const pending = await service(PENDING_PAGE + 20, 0);
    const last = `PEND${String(PENDING_PAGE + 19).padStart(4, '0')}`;
    const one = await pending.pending({ referenceId: last.toLowerCase() });
    expect(one).toMatchObject({ total: 1, entries: [{ referenceId: last }] });
    const odd = await pending.pending({ profileId: 'odd-profile' });
    expect(odd.total).toBe((PENDING_PAGE + 20) / 2);
    expect(odd.entries.every((entry) => entry.profileId === 'odd-profile')).toBe(true);
  });
});

// Issue 41, item 1: a reference the journal does not hold is said in the language main speaks.
describe('journal:recover in Spanish', () => {
  it('says an unknown reference in Spanish, naming it and the field', async () => {
    const services = await memoryAppServices();
    onTestFinished(() => services.close());
    await speakSpanishInThisTest();
    expect(await services.dispatch('journal:recover', { referenceId: 'NOSUCHREF1' })).toEqual({
      ok: false,
      error: {
        code: 'NOT_FOUND',
        message: 'El diario no tiene ninguna solicitud con la referencia NOSUCHREF1',
        fields: [{ path: 'referenceId', message: 'no está en el diario' }],
      },
    });
  });
});
