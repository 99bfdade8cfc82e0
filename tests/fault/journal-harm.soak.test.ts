// The rest of the journal-harm matrix through the real browser host, for the soak only (a host
// start or two per case): the journal renamed while running, a zero-byte journal beside the WAL a
// killed host left, and one damaged page in each table and index. npm test runs one of each kind
// (journal-harm.test.ts) and every page at the journal's level (electron/services/journal/journal-harm.test.ts).
import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserHosts, call, sale, started, stopHost as stop } from '../support/browser-host';
import { damagePage, objectsOf } from '../support/damage-page';
import { historyRefs, journalPath, readOnlySaying, saleRefused } from './journal-harm-kit';

const { start: startHost, folder } = browserHosts();

it('renamed while running: storage read-only naming the file, the next sale refused; the file left where it was moved', async () => {
  const dataDir = folder('harm-renamed-');
  const host = started(await startHost(dataDir));
  expect(await sale(host, 'MOVED001')).toMatchObject({ ok: true, data: { outcome: 'approved' } });
  renameSync(journalPath(dataDir), `${journalPath(dataDir)}.elsewhere`);
  await readOnlySaying(host, /journal\.sqlite \(or its folder\) was moved or deleted/);
  await saleRefused(host, 'MOVED002');
  expect(await historyRefs(host)).toEqual(['MOVED001']);
}, 60_000);

it('zero bytes beside the WAL a killed host left: read-only, the WAL left as it was, a copy kept, no fresh start', async () => {
  const dataDir = folder('harm-empty-');
  const first = started(await startHost(dataDir));
  expect(await sale(first, 'EMPTY001')).toMatchObject({ ok: true, data: { outcome: 'approved' } });
  await stop(first.child, 'SIGKILL');
  const wal = readFileSync(`${journalPath(dataDir)}-wal`);
  truncateSync(journalPath(dataDir), 0);
  const host = started(await startHost(dataDir));
  await readOnlySaying(host, /journal\.sqlite is empty \(0 bytes\) though this data folder was used before/);
  expect(readFileSync(`${journalPath(dataDir)}-wal`)).toEqual(wal);
  expect(readdirSync(dataDir).filter((name) => name.startsWith('journal.sqlite.damaged-'))).toHaveLength(2);
  await saleRefused(host, 'EMPTY002');
}, 60_000);

describe('one damaged page in each table and index, through the host', () => {
  let base: string;
  beforeAll(async () => {
    base = mkdtempSync(join(tmpdir(), 'harm-pages-base-'));
    const first = started(await startHost(base));
    for (const ref of ['PAGES001', 'PAGES002', 'PAGES003']) expect(await sale(first, ref)).toMatchObject({ ok: true });
    await stop(first.child, 'SIGTERM');
  }, 60_000);
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it('each: the host starts read-only naming the file, History and the pending list answer without INTERNAL, a sale is refused', async () => {
    for (const { name } of objectsOf(journalPath(base))) {
      const dataDir = folder('harm-pages-');
      cpSync(base, dataDir, { recursive: true });
      rmSync(join(dataDir, 'spin-desk.lock'), { force: true });
      damagePage(journalPath(dataDir), name);
      const host = started(await startHost(dataDir));
      await readOnlySaying(host, new RegExp(journalPath(dataDir).replaceAll('.', '\\.')));
      for (const channel of ['journal:list', 'journal:pending'] as const) {
        const answer = await call(host, channel, channel === 'journal:list' ? { offset: 0, limit: 50 } : undefined);
        expect(answer.ok || answer.error?.code === 'JOURNAL_UNAVAILABLE', `${name}: ${channel} ${JSON.stringify(answer.error)}`).toBe(true);
      }
      await saleRefused(host, 'PAGES009');
      await stop(host.child, 'SIGTERM');
    }
  }, 600_000);
});
