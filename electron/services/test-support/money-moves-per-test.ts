import { beforeEach } from 'vitest';
import { fastDeps, recordingFetch, type SentRequest } from '../../../tests/support/money-move-kit';
import { MemoryJournal } from '../journal/sqlite-journal';
import type { MoneyMoveDeps } from '../payments/money-move';

/**
 * What a money-moving test runs with, new for each test: a journal in memory, and `deps` that run
 * the operations against `sim` with short timings and record every request body the client sends
 * in `sent`.
 */
export function moneyMovesPerTest(sim: { readonly url: string }) {
  let journal = new MemoryJournal();
  let sent: SentRequest[] = [];
  let deps: MoneyMoveDeps | undefined;
  beforeEach(() => {
    journal = new MemoryJournal();
    sent = [];
    deps = fastDeps(journal, sim.url, { clientOptions: { fetch: recordingFetch(sent) } });
  });
  return {
    get journal(): MemoryJournal {
      return journal;
    },
    get sent(): readonly SentRequest[] {
      return sent;
    },
    get deps(): MoneyMoveDeps {
      if (deps === undefined) throw new Error('the money-move deps exist only while a test runs');
      return deps;
    },
  };
}
