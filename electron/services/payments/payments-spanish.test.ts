// Issue 41: the money path answers in the language main speaks. A reference already used is refused
// in Spanish before anything is sent, and "Cancel on terminal" with nothing waiting says so in Spanish.
import { describe, expect, it } from 'vitest';
import { fastDeps, fakeProfiles, fakeTpn, saleForm } from '../../../tests/support/money-move-kit';
import { speakSpanishInEachTest } from '../../../tests/support/speak-spanish';
import { fakeSimulatorPerFile } from '../test-support/fake-simulator-per-file';
import { JournalWriteError } from '../journal/journal-errors';
import { MemoryJournal } from '../journal/sqlite-journal';
import { TerminalActivity } from '../terminal/terminal-activity';
import { abortOnTerminal } from './abort';
import { runSale } from './sale';

const sim = fakeSimulatorPerFile(1, 5);

speakSpanishInEachTest();

describe('payments in Spanish', () => {
  it('refuses a reference already used, in Spanish, and sends nothing', async () => {
    const journal = new MemoryJournal();
    const deps = fastDeps(journal, sim.url);
    expect(await runSale(deps, saleForm('ESREF1', 500))).toMatchObject({ outcome: 'approved' });
    const refusal = 'ya se usó en esta terminal (Sale, approved); empiece una operación nueva (venta) para recibir una referencia nueva';
    await expect(runSale(deps, saleForm('ESREF1', 500))).rejects.toMatchObject({
      detail: { code: 'BAD_INPUT', message: refusal, fields: [{ path: 'referenceId', message: refusal }] },
    });
    expect(journal.lines().filter((line) => line.t === 'intent')).toHaveLength(1);
  });

  it('says in Spanish that nothing was waiting, so no cancel was sent', async () => {
    const deps = { profiles: fakeProfiles(sim.url), activity: new TerminalActivity() };
    expect(await abortOnTerminal(deps, { profileId: 'p1' })).toEqual({
      sent: false,
      message: 'Nada de esta PC está esperando en esta terminal, así que no había nada que cancelar.',
    });
  });

  it("words the journal's refusal of a sale in Spanish, reason and remedy, and sends nothing", async () => {
    const journal = new MemoryJournal({ readOnly: new JournalWriteError('DISK_FULL', 'ENOSPC') });
    const refusal = runSale(fastDeps(journal, sim.url), saleForm('ESREF2', 500));
    await expect(refusal).rejects.toMatchObject({ detail: { code: 'JOURNAL_UNAVAILABLE' } });
    const { message, remedy } = ((await refusal.catch((error: unknown) => error)) as { detail: { message: string; remedy: string } })
      .detail;
    expect(message).toContain(new JournalWriteError('DISK_FULL', 'ENOSPC').shownMessage('es-US'));
    expect(remedy).toBe(new JournalWriteError('DISK_FULL', 'ENOSPC').remedyIn('es-US'));
    expect(message).not.toContain('spin-desk cannot record');
    expect(JSON.stringify(sim.control.getState(fakeTpn(1)).records)).not.toContain('ESREF2');
  });
});
