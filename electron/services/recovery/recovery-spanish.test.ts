// Issue 41: while a lost answer is looked up, what the cashier reads of the lookup is in the language
// main speaks, and so is the money sentence when the lookup is stopped; what the journal keeps of it
// stays English (a support person reads that).
import { describe, expect, it } from 'vitest';
import { fastDeps, saleForm } from '../../../tests/support/money-move-kit';
import { speakSpanishInEachTest } from '../../../tests/support/speak-spanish';
import { fakeSimulatorPerFile } from '../test-support/fake-simulator-per-file';
import { MemoryJournal } from '../journal/sqlite-journal';
import { runSale } from '../payments/sale';
import type { ProgressEvent } from './recovery-registry';

const sim = fakeSimulatorPerFile(1, 5);

speakSpanishInEachTest();

/** The Sale reaches the terminal but its answer is lost, and every Status lookup fails the same way. */
const lostAnswers: typeof fetch = async (input, init) => {
  const url = input instanceof Request ? input.url : String(input);
  if (!url.endsWith('/Sale') && !url.endsWith('/Status')) return fetch(input, init);
  if (url.endsWith('/Sale')) await (await fetch(input, init)).text();
  throw new TypeError('fetch failed', { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) });
};

describe('recovery in Spanish', () => {
  it('shows the lookup in Spanish and, once stopped, tells the cashier not to charge again', async () => {
    const journal = new MemoryJournal();
    const deps = fastDeps(journal, sim.url, { clientOptions: { fetch: lostAnswers } });
    const events: ProgressEvent[] = [];
    deps.registry.onProgress((event) => {
      events.push(event);
      if (event.phase === 'retry-wait') deps.registry.stop('ESLOST1');
    });
    // The Status before the Sale (the batch witness) fails too: the Sale goes on without one.
    const failure = runSale(deps, saleForm('ESLOST1', 700));
    await expect(failure).rejects.toMatchObject({
      detail: {
        code: 'OUTCOME_UNKNOWN',
        message: expect.stringMatching(
          /^La operación Sale ESLOST1 se envió, pero se perdió su respuesta \(la conexión se cortó antes de que llegara la respuesta.*\) y se detuvo la búsqueda\. No vuelva a cobrar la tarjeta: primero búsquela por su referencia\.$/,
        ),
      },
    });
    expect(events.map((event) => event.detail)).toEqual(
      expect.arrayContaining(['Enviando Sale ESLOST1', 'Buscando ESLOST1 (Status, intento 1)']),
    );
    // The journal keeps why in English, as before.
    expect(journal.pending()[0]?.unknownReason).toMatch(/^the connection dropped before the answer arrived/);
  });
});
