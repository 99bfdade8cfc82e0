// The process the crash test kills. It loads, says "loaded" and waits: the test starts the next
// child while the current one is still taking sales, so start-up cost is off the clock. On "open"
// it opens the journal and reconciles what the last run left pending (recovery on start), prints
// the journal as one JSON line; on "go" it takes Sales one after another until it is killed,
// saying "sold" with each Sale's duration (the test scales its kill window to it).
//
//   node --import tsx tests/fault/crash-child.ts <journal dir> <simulator url> <run id> [approve-all]
//
// `approve-all` leaves out the declines, for a test that needs its sales approved (settled-crash.test.ts).
import { openJournal } from '../../electron/services/journal/open-journal';
import { resumeMoneyMove } from '../../electron/services/payments/money-move';
import { runSale } from '../../electron/services/payments/sale';
import { Reconciler } from '../../electron/services/recovery/reconciler';
import { fastDeps, saleForm } from '../support/money-move-kit';
import { say, timeSale, waitFor } from './child-kit';
import { allEntries } from '../support/journal-entries';

const [dir, simUrl, runId, mode] = process.argv.slice(2);
if (!dir || !simUrl || !runId || (mode !== undefined && mode !== 'approve-all'))
  throw new Error('usage: crash-child.ts <journal dir> <simulator url> <run id> [approve-all]');
const declines = mode !== 'approve-all';

say({ event: 'loaded' });
await waitFor('open');
const journal = openJournal(dir);
const deps = fastDeps(journal, simUrl);
const pendingAtStart = journal.pending().length;
const reconciler = new Reconciler(journal, (entry) => resumeMoneyMove(deps, entry), { error: (m, d) => say({ event: 'error', m, d }) });
reconciler.start();
await reconciler.done;
say({ event: 'reconciled', pendingAtStart, warnings: journal.warnings(), entries: await allEntries(journal) });

await waitFor('go');
for (let i = 0; ; i += 1) {
  // About one in five is declined by the simulator's magic amount $10.15.
  const cents = declines && Math.random() < 0.2 ? 1015 : 2500 + Math.floor(Math.random() * 90_000);
  const { ms } = await timeSale(() => runSale(deps, saleForm(`CR${runId}x${i}`, cents)));
  say({ event: 'sold', ms });
}
