// Issue 41: the money path answers in the language main speaks. A reference already used is refused
// in Spanish before anything is sent, and "Cancel on terminal" with nothing waiting says so in Spanish.
import { describe, expect, it } from 'vitest';
import { fastDeps, fakeProfiles, saleForm } from '../../../tests/support/money-move-kit';
import { speakSpanishInEachTest } from '../../../tests/support/speak-spanish';
import { fakeSimulatorPerFile } from '../test-support/fake-simulator-per-file';
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
});
