// Sales through the real payment path with the journal on a real, small disk (a tmpfs) that
// fills up: no intent, no payment; an outcome the disk refuses is shown truthfully, blocks the
// terminal until it is saved, and is saved once space is freed.
//
//   npx vitest run --project node tests/fault/full-disk.test.ts
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunningSimulator } from '../../simulator';
import { AppFailure } from '../../electron/services/app-failure';
import { openJournal } from '../../electron/services/journal/open-journal';
import { runSale } from '../../electron/services/payments/sale';
import { fakeTpn, fastDeps, saleForm, startFakeSimulator } from '../support/money-move-kit';
import { mountSmallDisk, type SmallDisk } from '../support/small-disk';
import { disagreements } from './agreement';
import { allEntries } from '../support/journal-entries';

let sim: RunningSimulator;
let disk: SmallDisk;
let run = 0;
let journalDir: string;

beforeAll(async () => {
  sim = await startFakeSimulator(1, 5);
  disk = mountSmallDisk(1024 * 1024);
});
afterAll(async () => {
  await sim.close();
  disk.unmount();
});
beforeEach(() => {
  sim.control.reset();
  disk.unfill();
  journalDir = join(disk.dir, `journal-${run++}`);
});

async function failure(promise: Promise<unknown>): Promise<AppFailure> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppFailure);
  return error as AppFailure;
}

const charged = (ref: string) =>
  (sim.control.getState(fakeTpn(1)).records as { ReferenceId?: string }[]).filter((r) => r.ReferenceId === ref).length;

describe('a full disk under the payment journal', () => {
  it('refuses a sale whose intent cannot be written: nothing sent, the cashier told why; after space is freed the next sale goes through', async () => {
    const journal = openJournal(journalDir);
    const deps = fastDeps(journal, sim.url);
    expect(await runSale(deps, saleForm('FULL0000', 1500))).toMatchObject({ outcome: 'approved' });

    // The disk is full, but the journal's last block still has room: sales go on until a line
    // needs a new block. That line is cut short by the disk. When it is an intent, that sale is
    // not sent; when it is an outcome, the approval is shown "not saved yet" and the next sale
    // on the terminal is refused.
    disk.fill(0);
    const approved = ['FULL0000'];
    let unsaved: string | undefined;
    let refused: { ref: string; failure: AppFailure } | undefined;
    for (let i = 1; i < 40 && !refused; i += 1) {
      const ref = `FULL${String(i).padStart(4, '0')}`;
      const result = await runSale(deps, saleForm(ref, 1500 + i)).catch((error: unknown) => error as AppFailure);
      if (result instanceof AppFailure) refused = { ref, failure: result };
      else {
        expect(result.outcome).toBe('approved');
        approved.push(ref);
        if (result.notSaved) unsaved = ref;
      }
    }
    expect(refused?.failure).toBeInstanceOf(AppFailure);
    const unsavedNote = unsaved ? `The result of Sale ${unsaved} on this terminal is not saved yet, so no new payment is sent on it. ` : '';
    expect(refused?.failure.detail).toEqual({
      code: 'JOURNAL_UNAVAILABLE',
      message: `${unsavedNote}spin-desk cannot record payments: the disk holding its data is full (ENOSPC). Nothing was charged.`,
      remedy: 'Free space, then try again.',
    });
    expect(charged(refused?.ref ?? '')).toBe(0);
    // Still full: refused again, before anything is sent.
    expect((await failure(runSale(deps, saleForm('FULLMORE', 1600)))).detail.code).toBe('JOURNAL_UNAVAILABLE');
    expect(charged('FULLMORE')).toBe(0);

    disk.unfill();
    expect(await runSale(deps, saleForm('FULLFREE', 1700))).toMatchObject({ outcome: 'approved' });
    await journal.close();
    const reopened = openJournal(journalDir);
    expect(reopened.warnings()).toEqual([]);
    const history = await allEntries(reopened);
    expect(history.map((e) => [e.intent.ref, e.outcome?.result])).toEqual(
      [...approved, 'FULLFREE'].reverse().map((ref) => [ref, 'approved']),
    );
    expect(disagreements(history, sim.control, [fakeTpn(1)])).toEqual([]);
    await reopened.close();
  });

  it('shows an approval whose outcome the disk refused as approved, not saved yet; the terminal takes no new payment until it is saved', async () => {
    // One line per segment: the outcome must start a new segment (a new block), so it is the
    // line the full disk refuses.
    const journal = openJournal(journalDir);
    // The disk fills while the Sale is at the terminal: the intent is on disk, the outcome is not.
    // (Not before: the open batch read that goes before the intent is no Sale.)
    const fillWhileSending: typeof fetch = async (input, init) => {
      if (new URL(input instanceof Request ? input.url : String(input)).pathname.endsWith('/Sale')) disk.fill(0);
      return fetch(input, init);
    };
    const deps = fastDeps(journal, sim.url, { clientOptions: { fetch: fillWhileSending } });
    const result = await runSale(deps, saleForm('UNSAVED1', 2500));
    expect(result).toMatchObject({ outcome: 'approved', referenceId: 'UNSAVED1', notSaved: expect.stringContaining('not saved yet') });
    expect(charged('UNSAVED1')).toBe(1);

    const blocked = await failure(runSale(fastDeps(journal, sim.url), saleForm('UNSAVED2', 2600)));
    expect(blocked.detail.code).toBe('JOURNAL_UNAVAILABLE');
    expect(blocked.detail.message).toBe(
      'The result of Sale UNSAVED1 on this terminal is not saved yet, so no new payment is sent on it. spin-desk cannot record payments: the disk holding its data is full (ENOSPC). Nothing was charged.',
    );
    expect(charged('UNSAVED2')).toBe(0);

    disk.unfill();
    await vi.waitFor(() => expect(journal.health()).toEqual({ state: 'ok', unsaved: 0 }), { timeout: 6000, interval: 50 });
    expect(await runSale(fastDeps(journal, sim.url), saleForm('UNSAVED3', 2700))).toMatchObject({ outcome: 'approved' });
    await journal.close();
    const reopened = openJournal(journalDir);
    expect(reopened.warnings()).toEqual([]);
    const history = await allEntries(reopened);
    expect(history.map((e) => [e.intent.ref, e.outcome?.result])).toEqual([
      ['UNSAVED3', 'approved'],
      ['UNSAVED1', 'approved'],
    ]);
    expect(disagreements(history, sim.control, [fakeTpn(1)])).toEqual([]);
    await reopened.close();
  });
});
