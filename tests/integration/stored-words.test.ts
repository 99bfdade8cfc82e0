// Issue 41: what main stores and the page shows later (a lost answer's reason, a refusal's outcome
// line) keeps its English in the journal and its CSV, and carries beside it the catalogue's words,
// so that a page in Spanish shows it in Spanish. Against the simulator on loopback: a sale whose
// answer it holds past the proxy's timeout (2007), and one it refuses as "not connected" (2001)
// every time it is sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JournalEntryView } from '@shared/ipc/journal-views';
import { PaymentResult } from '@shared/ipc/payment-result-views';
import { wordSaid } from '@shared/ipc/said';
import { toEntryView } from '../../electron/services/journal/entry-view';
import { toCsv } from '../../electron/services/journal/journal-csv';
import { MemoryJournal } from '../../electron/services/journal/sqlite-journal';
import { runSale } from '../../electron/services/payments/sale';
import { RecoveryRegistry, type ProgressEvent } from '../../electron/services/recovery/recovery-registry';
import type { RunningSimulator } from '../../simulator';
import { allEntries } from '../support/journal-entries';
import { fakeTpn, fastDeps, saleForm, startFakeSimulator } from '../support/money-move-kit';
import { speakSpanishInEachTest } from '../support/speak-spanish';

speakSpanishInEachTest();

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startFakeSimulator(1, 0);
});
afterAll(() => sim.close());

/** The one entry of `journal`, as History's view carries it (checked as the IPC boundary checks it). */
async function shownEntry(journal: MemoryJournal): Promise<JournalEntryView> {
  const [entry] = await allEntries(journal);
  return JournalEntryView.parse(toEntryView(entry!));
}

describe('stored in English, shown in the page’s language', () => {
  it(
    'a lost answer looked up in Spanish gives its reason in Spanish; the journal and its CSV keep the English',
    { timeout: 30_000 },
    async () => {
      const journal = new MemoryJournal();
      const registry = new RecoveryRegistry();
      const lookups: ProgressEvent[] = [];
      registry.onProgress((event) => event.phase === 'looking-up' && lookups.push(event));
      sim.control.queueOutcome(fakeTpn(1), { kind: 'noAnswer' });
      const result = PaymentResult.parse(await runSale(fastDeps(journal, sim.url, { registry }), saleForm('SWLOST1', 1234)));

      const english = 'the terminal did not answer in time (2007)';
      expect(result.recovery).toMatchObject({ how: 'status-lookup', reason: english });
      expect(wordSaid(result.recovery?.said, result.recovery!.reason)).toBe('la terminal no respondió a tiempo (2007)');
      const shown = (await shownEntry(journal)).outcome?.recovery;
      expect(wordSaid(shown?.said, shown!.reason)).toBe('la terminal no respondió a tiempo (2007)');

      // While it was looked up, the pending item's "why" (the journal's unknownReason) had its words too.
      expect(lookups.length).toBeGreaterThan(0);
      expect(lookups.map((event) => wordSaid(event.reasonSaid, english))).toEqual(
        lookups.map(() => 'la terminal no respondió a tiempo (2007)'),
      );

      const [entry] = await allEntries(journal);
      expect(entry?.outcome?.recovery?.reason).toBe(english);
      expect(entry?.unknownReason).toBe(english);
      const { csv } = await toCsv(journal);
      expect(csv).toContain(english);
      expect(csv).not.toContain('respondió');
    },
  );

  it('a sale refused after every try gives its outcome line in Spanish; the journal keeps the English', { timeout: 30_000 }, async () => {
    const journal = new MemoryJournal();
    // 20.01: the simulator's proxy answers 2001 (terminal not connected) to each send.
    await runSale(fastDeps(journal, sim.url), saleForm('SWBUSY1', 2001));

    const outcome = (await shownEntry(journal)).outcome!;
    expect(outcome.message).toBe('Still busy after 4 tries: Terminal not connected to SPIn Proxy server (2001)');
    expect(wordSaid(outcome.messageSaid, outcome.message)).toBe(
      'Todavía ocupada después de 4 intentos: el servicio respondió con el código 2001',
    );
    const { csv } = await toCsv(journal);
    expect(csv).toContain('Still busy after 4 tries: Terminal not connected to SPIn Proxy server (2001)');
  });
});
