// Issue 41: what recovery stores and History shows later (an outcome line, a recovery note, why an
// answer was lost) is kept in English, byte for byte as before, with its Said beside it; a page in
// Spanish words the Said (wordSaid), also after a restart. Against the real simulator over loopback.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { wordSaid } from '@shared/ipc/said';
import { FAKE_AUTHKEY, fakeProfiles, fakeTpn, fastDeps, saleForm } from '../../../tests/support/money-move-kit';
import { allEntries } from '../../../tests/support/journal-entries';
import { speakSpanishInEachTest } from '../../../tests/support/speak-spanish';
import { spinClient } from '../../../tests/support/simulator-kit';
import { fakeSimulatorPerFile } from '../test-support/fake-simulator-per-file';
import { toEntryView } from '../journal/entry-view';
import { HighWater } from '../journal/high-water';
import { openJournal } from '../journal/open-journal';
import { MemoryJournal } from '../journal/sqlite-journal';
import { resumeMoneyMove } from '../payments/money-move';
import { runSale } from '../payments/sale';
import { rebuildLostTail, type BatchRebuildDeps } from './batch-rebuild';
import type { ProgressEvent } from './recovery-registry';
import { judge } from './status-verdict';

const sim = fakeSimulatorPerFile(1, 5);
let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

speakSpanishInEachTest();

const socketClosed = () =>
  new TypeError('fetch failed', { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) });

/** Fetch for `endpoint` fails as a dropped connection: before the terminal gets it, or after it answered. */
function dropping(endpoint: string, reachesTerminal: boolean): typeof fetch {
  return async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.endsWith(`/${endpoint}`)) return fetch(input, init);
    if (reachesTerminal) await (await fetch(input, init)).text();
    throw socketClosed();
  };
}

describe('what recovery stores, worded for a page in Spanish', () => {
  it('a sale that never reached the terminal: "not processed" stays English in the journal, Spanish on the page', async () => {
    const journal = new MemoryJournal();
    // An approval of this PC in the open batch: the witness that the batch stayed open.
    expect((await runSale(fastDeps(journal, sim.url), saleForm('ESNP1', 500))).outcome).toBe('approved');
    const result = await runSale(fastDeps(journal, sim.url, { clientOptions: { fetch: dropping('Sale', false) } }), saleForm('ESNP2', 700));
    expect(result.outcome).toBe('failed');
    const entry = (await allEntries(journal)).find((e) => e.intent.ref === 'ESNP2')!;
    const outcome = toEntryView(entry).outcome!;
    expect([entry.outcome?.result, outcome.message]).toEqual(['not-processed', 'Not processed: the terminal has no record of it']);
    expect(wordSaid(outcome.messageSaid, outcome.message)).toBe('No se procesó: la terminal no tiene registro de ella');
    // Why the answer was lost, and how the lookup found it: the same.
    expect(wordSaid(outcome.recovery?.said, outcome.recovery!.reason)).toMatch(/^la conexión se cortó antes de que llegara la respuesta/);
  });

  it('a sale answered "busy" that Status then finds: how it was found, in Spanish', async () => {
    const journal = new MemoryJournal();
    // The terminal carries the sale out, but the service answers 1000 as the live one does while busy.
    const busyAfterSale: typeof fetch = async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (!url.endsWith('/Sale')) return fetch(input, init);
      await (await fetch(input, init)).text();
      const busy = { GeneralResponse: { ResultCode: '1', StatusCode: '1000', Message: 'Canceled', DetailedMessage: 'Service Busy' } };
      return new Response(JSON.stringify(busy), { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const result = await runSale(fastDeps(journal, sim.url, { clientOptions: { fetch: busyAfterSale } }), saleForm('ESBZ1', 800));
    expect(result.outcome).toBe('approved');
    const outcome = toEntryView((await allEntries(journal)).find((e) => e.intent.ref === 'ESBZ1')!).outcome!;
    expect(outcome.recovery?.reason).toMatch(/^found by Status after /);
    expect(wordSaid(outcome.recovery?.said, outcome.recovery!.reason)).toMatch(
      /^encontrada con una consulta de estado \(Status\) después de esto: .*1000/,
    );
  });

  it('why an answer was lost survives a restart in its line, and the lookup after it carries it; an older line shows its English', async () => {
    dir = mkdtempSync(join(tmpdir(), 'stored-words-'));
    let journal = openJournal(dir);
    const lost = fastDeps(journal, sim.url, { clientOptions: { fetch: failingAfterSale() } });
    // Every lookup fails as well: stopped at its first wait, the sale stays pending.
    lost.registry.onProgress((event) => event.phase === 'retry-wait' && lost.registry.stop('ESRS1'));
    await expect(runSale(lost, saleForm('ESRS1', 900))).rejects.toMatchObject({ detail: { code: 'OUTCOME_UNKNOWN' } });
    // A line written before reasons carried their Said.
    const older = await journal.recordIntent({
      op: 'Sale',
      ref: 'ESRS0',
      tpn: fakeTpn(1),
      profileId: 'p1',
      amountCents: 100,
      tipCents: 0,
      deadlineMs: Date.now(),
    });
    await journal.recordUnknown(older.intent.id, 'the connection dropped before the answer arrived (UND_ERR_SOCKET)');
    await journal.close();

    journal = openJournal(dir);
    const pending = journal.pending();
    const entry = pending.find((e) => e.intent.ref === 'ESRS1')!;
    expect(entry.unknownReason).toBe('the connection dropped before the answer arrived (UND_ERR_SOCKET)');
    expect(wordSaid(journal.unknownSaid(entry.intent.id), entry.unknownReason!)).toBe(
      'la conexión se cortó antes de que llegara la respuesta (UND_ERR_SOCKET)',
    );
    const old = pending.find((e) => e.intent.ref === 'ESRS0')!;
    expect(wordSaid(journal.unknownSaid(old.intent.id), old.unknownReason!)).toBe(old.unknownReason);

    // The lookup after the restart: History words the reason from what it carries while it runs.
    const resumed = fastDeps(journal, sim.url);
    const events: ProgressEvent[] = [];
    resumed.registry.onProgress((event) => events.push(event));
    expect((await resumeMoneyMove(resumed, entry)).entry.outcome?.result).toBe('approved');
    const looking = events.find((event) => event.phase === 'looking-up');
    expect(wordSaid(looking?.reasonSaid, entry.unknownReason!)).toBe(
      'la conexión se cortó antes de que llegara la respuesta (UND_ERR_SOCKET)',
    );
    await journal.close();
  });

  it('a probed Settle whose batch closed, and a reference another transaction holds: English kept, Spanish shown', () => {
    const at = new Date().toISOString();
    const settle = {
      t: 'intent',
      id: 'S1',
      at,
      op: 'Settle',
      ref: 'ESST1',
      tpn: fakeTpn(1),
      profileId: 'p1',
      amountCents: 0,
      tipCents: 0,
      deadlineAt: at,
      probe: { batchNumber: '4' },
    } as const;
    const closed = judge(settle as never, { kind: 'not-found' }, false);
    expect(closed).toMatchObject({ kind: 'final', result: 'approved', message: 'Batch closed' });
    expect(closed.kind === 'final' && wordSaid(closed.messageSaid, closed.message!)).toBe('Lote liquidado');

    const sale = { ...settle, op: 'Sale', ref: 'ESFR1', amountCents: 500, probe: undefined };
    const record = {
      ReferenceId: 'ESFR1',
      TransactionType: 'Return',
      Amounts: { Amount: 5 },
      GeneralResponse: { ResultCode: '0', StatusCode: '0000', Message: 'Approved' },
    };
    const taken = judge(sale as never, { kind: 'record', record: record as never }, false);
    expect(taken).toMatchObject({
      message: 'This reference already belongs to another transaction (a Return); nothing was charged for this request.',
    });
    expect(taken.kind === 'final' && wordSaid(taken.messageSaid, taken.message!)).toBe(
      'Esta referencia ya pertenece a otra transacción (una operación Return); no se cobró nada por esta solicitud.',
    );
    const other = judge(
      sale as never,
      { kind: 'record', record: { ...record, TransactionType: 'Sale', Amounts: { Amount: 12.5 } } as never },
      false,
    );
    expect(other).toMatchObject({ message: expect.stringContaining('(one of 12.5)') });
    expect(other.kind === 'final' && wordSaid(other.messageSaid, other.message!)).toMatch(
      /^Esta referencia ya pertenece a otra transacción \(una de 12.5\)/,
    );
  });

  it("an entry rebuilt from the terminal's batch: its note and outcome line in Spanish, English in the journal", async () => {
    dir = mkdtempSync(join(tmpdir(), 'stored-words-'));
    let journal = openJournal(dir);
    expect((await runSale(fastDeps(journal, sim.url), saleForm('ESRB1', 1200))).outcome).toBe('approved');
    await journal.close();
    // A sale the terminal recorded whose entry the database lost.
    const answer = await spinClient(sim.url, { tpn: fakeTpn(1), authkey: FAKE_AUTHKEY }).post('Sale', {
      ReferenceId: 'ESRB2',
      Amount: 3.4,
      PaymentType: 'Credit',
      GetReceipt: 'No',
    });
    expect(answer.body.GeneralResponse).toMatchObject({ ResultCode: '0' });
    const { file, mark } = HighWater.open(dir);
    file.reset({ entries: (mark?.entries ?? 0) + 1, seq: (mark?.seq ?? 0) + 1 });
    file.close();

    journal = openJournal(dir);
    expect(await rebuildLostTail({ terminal: oneTerminal(), journal })).toBe(true);
    const entry = (await allEntries(journal)).find((e) => e.intent.ref === 'ESRB2')!;
    const outcome = toEntryView(entry).outcome!;
    expect(entry.outcome?.recovery?.reason).toBe(
      "recovered from the terminal's batch: the journal lost it after a crash, and the terminal's open batch still lists it",
    );
    expect(outcome.message).toBe(`${String(answer.body.GeneralResponse?.Message)} (recovered from the terminal's batch)`);
    expect(wordSaid(outcome.recovery?.said, outcome.recovery!.reason)).toBe(
      'recuperada del lote de la terminal: el diario la perdió después de un fallo, y el lote abierto de la terminal todavía la muestra',
    );
    expect(wordSaid(outcome.messageSaid, outcome.message)).toBe(
      `${String(answer.body.GeneralResponse?.Message)} (recuperada del lote de la terminal)`,
    );
    await journal.close();
  });
});

/** The Sale reaches the terminal and its answer is lost; every Status fails the same way. */
function failingAfterSale(): typeof fetch {
  const sale = dropping('Sale', true);
  const status = dropping('Status', false);
  return async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    return (url.endsWith('/Status') ? status : sale)(input, init);
  };
}

/** Terminal 1 of the simulator as profile p1, as the rebuild lists and reaches it. */
function oneTerminal(): BatchRebuildDeps['terminal'] {
  return {
    profiles: {
      target: (id?: string) => fakeProfiles(sim.url).target(id),
      list: async () =>
        ({ profiles: [{ id: 'p1', tpn: fakeTpn(1) }], activeId: null }) as unknown as Awaited<
          ReturnType<BatchRebuildDeps['terminal']['profiles']['list']>
        >,
    },
  };
}
