import { openJournal } from '../../electron/services/journal/open-journal';
import type { NewIntent, NewOutcome } from '../../electron/services/journal/records';

// A long payment journal for the benchmarks, written through the real journal (fsync off:
// only the file layout matters): N Sales, 1 % left without an outcome, another 1 % resolved only
// ~5,000 entries later (in a later segment), as a busy counter's journal looks after a year.

export const FIXTURE_TPN = 'FLT0000001';

export function fixtureIntent(i: number): NewIntent {
  return {
    op: 'Sale',
    ref: `BENCH${String(i).padStart(8, '0')}`,
    tpn: FIXTURE_TPN,
    profileId: '3f2b8c1e-1111-2222-3333-444455556666',
    paymentType: 'Credit',
    amountCents: 100 + (i % 50_000),
    tipCents: 0,
    deadlineMs: Date.now() + 122_000,
  };
}

function outcome(i: number): NewOutcome {
  return {
    result: 'approved',
    statusCode: '0000',
    message: 'Approved',
    authCode: 'A1B2C3',
    transactionNumber: String(i % 9999),
    batchNumber: '57',
    approvedCents: 100 + (i % 50_000),
    card: { brand: 'Visa', first4: '4761', last4: '0119' },
  };
}

export async function buildJournal(dir: string, entries: number): Promise<void> {
  const journal = openJournal(dir, { durable: false });
  const late: string[] = [];
  for (let i = 0; i < entries; i += 1) {
    const { intent: line } = await journal.recordIntent(fixtureIntent(i));
    if (i % 100 === 7) continue;
    if (i % 100 === 3) late.push(line.id);
    else await journal.recordOutcome(line.id, outcome(i));
    if (late.length > 50) await journal.recordOutcome(late.shift() as string, outcome(i));
  }
  await journal.close();
}
