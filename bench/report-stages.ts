// Where the host's answer to `reports:daily` goes, stage by stage, for a batch of 10,000
// transactions (bench/report-render.ts measures the whole open in the browser). Each stage is timed
// on its own in this process: its first run, then the median and minimum of several more:
//  - simulator: a bare fetch of SPIn Daily from the simulator, text read (its handler + HTTP);
//  - JSON.parse of that text; zod validation of the SPIn answer (DailyResponse);
//  - the wire answer turned into the view (toDailyReport); the contract's output check of the view;
//  - the envelope as JSON text (what the host sends);
//  - dispatch: the whole `reports:daily` channel in-process (SPIn client, request log, envelope);
//  - host: POST /api/reports:daily through the browser host, text read (dispatch + HTTP to the page).
// The last two run first, so that their first run is the cold one a user waits for.
//
//   npx tsx bench/report-stages.ts [--rows 10000]
import { createAppServices } from '../electron/services/app-services';
import { HostLog } from '../electron/host/host-log';
import { TOKEN_HEADER } from '../electron/host/host-guard';
import { startHost } from '../electron/host/host-server';
import { Redactor } from '../electron/services/security/redactor';
import { MemoryStore } from '../electron/services/settings/key-value-store';
import { MemoryVault } from '../electron/services/vault/secret-vault';
import { toDailyReport } from '../electron/services/reports/to-report';
import { DailyReport } from '@shared/ipc/report-views';
import { DailyResponse } from '@shared/spin/responses/batch';
import { startSimulator } from '../simulator';
import { fillSales } from '../tests/e2e/batch-fixtures';
import { percentile, sortedCopy } from './support/stats';

const index = process.argv.indexOf('--rows');
const ROWS = index < 0 ? 10_000 : Number(process.argv[index + 1]);
const RUNS = 9;
const tpn = 'STAGESTPN001';
const authkey = 'FAKEKEY001';

async function time<T>(what: string, run: () => T | Promise<T>): Promise<T> {
  // The first run is the one a user waits for (cold code, a report opened once); the rest are warm.
  const started = performance.now();
  let last: T = await run();
  const firstMs = performance.now() - started;
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const t0 = performance.now();
    last = await run();
    samples.push(performance.now() - t0);
  }
  const sorted = sortedCopy(samples);
  console.log(`| ${what} | ${firstMs.toFixed(1)} | ${percentile(sorted, 50).toFixed(1)} | ${(sorted[0] ?? NaN).toFixed(1)} |`);
  return last;
}

async function main(): Promise<void> {
  const sim = await startSimulator({ host: '127.0.0.1', port: 0, terminals: [{ tpn, authkey }], processingDelayMs: 0, seed: 3 });
  await fillSales({ sim, tpn, authkey }, ROWS);
  const redactor = new Redactor();
  const services = await createAppServices({
    store: new MemoryStore(),
    vault: new MemoryVault(),
    info: { name: 'spin-desk', version: 'bench', shell: 'browser' },
    log: new HostLog({}),
    redactor,
    demoProcessingDelayMs: 0,
  });
  const host = await startHost({ dispatch: services.dispatch, staticDir: 'out/renderer', log: new HostLog({}) });
  const profile = await services.profiles.save({
    name: 'Stages',
    environment: 'custom',
    customUrl: sim.url,
    tpn,
    proxyTimeoutSeconds: 120,
    merchantNumber: null,
  });
  await services.profiles.setAuthkey(profile.id, authkey);
  await services.profiles.select(profile.id);
  try {
    console.log(`${ROWS} rows: the first run, then median / min of ${RUNS} more (ms)\n`);
    console.log('| Stage | First | Median | Min |\n|---|---|---|---|');
    // The whole path first, while its code is cold, as when a manager opens the report once.
    await time(`host: POST /api/reports:daily, text`, async () => {
      const address = new URL(host.url);
      const response = await fetch(`${address.origin}/api/reports%3Adaily`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [TOKEN_HEADER]: address.searchParams.get('token') ?? '' },
        body: '{}',
      });
      const body = await response.text();
      if (!response.ok) throw new Error(`host answered ${response.status}: ${body.slice(0, 200)}`);
      return body;
    });
    await time('dispatch reports:daily in-process', () => services.dispatch('reports:daily', {}));
    const text = await time('simulator: SPIn Daily, bare fetch, text', async () => {
      const response = await fetch(`${sim.url}/v2/Report/Daily`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ Tpn: tpn, Authkey: authkey }),
      });
      return response.text();
    });
    const raw = await time(`JSON.parse (${(text.length / 1024).toFixed(0)} KiB)`, () => JSON.parse(text) as unknown);
    const wire = await time('zod: DailyResponse', () => DailyResponse.parse(raw));
    const header = { profileId: profile.id, tpn, fetchedAt: new Date().toISOString() };
    const view = await time('toDailyReport', () => toDailyReport(header, wire));
    await time('zod: DailyReport (the contract output check)', () => DailyReport.parse(view));
    await time('Redactor.secretsInData', () => redactor.secretsInData(view));
    const envelope = await time('JSON.stringify envelope', () => JSON.stringify({ ok: true, data: view }));
    console.log(`\nThe envelope: ${(envelope.length / 1024).toFixed(0)} KiB of JSON.`);
  } finally {
    await host.close();
    await services.close();
    await sim.close();
  }
}

await main();
