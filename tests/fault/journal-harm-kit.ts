// What the journal-harm fault tests share: the browser host on a data folder whose journal files
// are harmed from outside (deleted, renamed, truncated, a page overwritten), and the checks that
// the harm is said (app:storage read-only naming the file) and payments are refused before sending.
import { join } from 'node:path';
import { expect, vi } from 'vitest';
import { JOURNAL_FILE } from '../../electron/services/journal/open-journal';
import { call, sale, type Envelope, type Host } from '../support/browser-host';

export const journalPath = (dataDir: string) => join(dataDir, JOURNAL_FILE);

/** Waits (the journal looks at its files every 2 s) until app:storage is read-only and says `words`. */
export async function readOnlySaying(host: Host, words: string | RegExp): Promise<Envelope> {
  let storage: Envelope = { ok: false };
  await vi.waitFor(
    async () => {
      storage = await call(host, 'app:storage');
      expect(storage.data).toMatchObject({ state: 'read-only', message: expect.stringMatching(words) });
    },
    { timeout: 10_000, interval: 200 },
  );
  return storage;
}

/** A sale refused by the journal: JOURNAL_UNAVAILABLE, "Nothing was charged" (the intent was never written, nothing sent). */
export async function saleRefused(host: Host, referenceId: string): Promise<Envelope> {
  const refused = await sale(host, referenceId);
  expect(refused).toMatchObject({
    ok: false,
    error: { code: 'JOURNAL_UNAVAILABLE', message: expect.stringContaining('Nothing was charged') },
  });
  return refused;
}

/** The references History lists, newest first. */
export async function historyRefs(host: Host): Promise<string[]> {
  const history = await call(host, 'journal:list', { offset: 0, limit: 50 });
  expect(history).toMatchObject({ ok: true });
  return history.data?.entries?.map((entry) => entry.referenceId) ?? [];
}
