// The process the disk-crash test fills the disk under and kills. Like crash-child.ts it loads,
// says "loaded" and waits for "open" (reconcile what the last run left, print the journal), then
// "go" (take Sales until killed). It also prints what the cashier was shown for every sale, so
// the test can check that nothing was shown approved without a charge, and how long the Sale took
// (the test scales its fill and kill windows to it).
//
//   node disk-crash-child.mjs <journal dir> <simulator url> <profile id> <run id>
import { AppFailure } from '../../electron/services/app-failure';
import { openJournal } from '../../electron/services/journal/open-journal';
import { resumeMoneyMove } from '../../electron/services/payments/money-move';
import { runSale } from '../../electron/services/payments/sale';
import { createSpinClient } from '../../electron/services/spin/spin-client';
import { Reconciler } from '../../electron/services/recovery/reconciler';
import { fastDeps, saleForm } from '../support/money-move-kit';
import { say, timeSale, waitFor } from './child-kit';
import { allEntries } from '../support/journal-entries';

const [dir, simUrl, profileId, runId] = process.argv.slice(2);
if (!dir || !simUrl || !profileId || !runId) throw new Error('usage: disk-crash-child <journal dir> <simulator url> <profile id> <run id>');

say({ event: 'loaded' });
await waitFor('open');
const journal = openJournal(dir);
const deps = fastDeps(journal, simUrl);
const pendingAtStart = journal.pending().length;
const reconciler = new Reconciler(journal, (entry) => resumeMoneyMove(deps, entry), { error: (m, d) => say({ event: 'error', m, d }) });
reconciler.start();
await reconciler.done;
await journal.ensureWritable();
// Warm up as a running app is: a journal without an approval reads a batch witness from the terminal
// before its first sale's intent (recovery/batch-boundary.ts), and a cold first request (150 ms and more on a loaded
// machine) outlasted the test's fill window, so that no sale was ever journaled before the disk filled.
await createSpinClient(await deps.profiles.target(profileId), deps.clientOptions)
  .call('StatusList', { PaymentType: 'Card', TransactionFromIndex: 1, TransactionToIndex: 1 })
  .catch(() => undefined);
say({ event: 'reconciled', pendingAtStart, warnings: journal.warnings(), entries: await allEntries(journal) });

await waitFor('go');
for (let i = 0; ; i += 1) {
  // About one in five is declined by the simulator's magic amount $10.15.
  const cents = Math.random() < 0.2 ? 1015 : 2500 + Math.floor(Math.random() * 90_000);
  const ref = `DC${runId}x${i}`;
  try {
    const { result, ms } = await timeSale(() => runSale(deps, saleForm(ref, cents, profileId)));
    say({ event: 'shown', ref, outcome: result.outcome, notSaved: result.notSaved !== undefined, ms });
  } catch (error) {
    if (!(error instanceof AppFailure)) throw error;
    say({ event: 'refused', ref, code: error.detail.code });
    // Refused before anything was sent (the disk is full): the cashier would wait a moment too.
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
