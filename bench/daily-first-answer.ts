// The host's first answer to a 10,000-row Daily, a few seconds after the app started (the budget's
// cold case, without the browser): wall time and this process's CPU time of the POST through the
// browser host, then three more. The simulator answers in this process too (its share is the same
// before and after a change). Run it in alternation with another checkout to compare.
//   npx tsx bench/daily-first-answer.ts [--rows 10000] [--profile out.cpuprofile]
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { createAppServices } from '../electron/services/app-services';
import { HostLog } from '../electron/host/host-log';
import { TOKEN_HEADER } from '../electron/host/host-guard';
import { startHost } from '../electron/host/host-server';
import { Redactor } from '../electron/services/security/redactor';
import { MemoryStore } from '../electron/services/settings/key-value-store';
import { MemoryVault } from '../electron/services/vault/secret-vault';
import { startSimulator } from '../simulator';
import { fillSales } from '../tests/e2e/batch-fixtures';

const argument = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const ROWS = Number(argument('--rows') ?? 10_000);
const profileTo = argument('--profile');
/** How long after the start the report is opened: a manager's first clicks. */
const OPEN_AFTER_MS = 3_000;
// The same fake credentials as bench/report-render.ts.
const terminals = [
  { tpn: 'BENCHTPN0100', authkey: 'BENCHKEY01' },
  { tpn: 'BENCHTPN9999', authkey: 'BENCHKEY02' },
];

const sim = await startSimulator({ host: '127.0.0.1', port: 0, terminals, processingDelayMs: 0, seed: 3 });
await fillSales({ sim, ...terminals[0]! }, 100);
await fillSales({ sim, ...terminals[1]! }, ROWS);
const services = await createAppServices({
  store: new MemoryStore(),
  vault: new MemoryVault(),
  info: { name: 'spin-desk', version: 'bench', shell: 'browser' },
  log: new HostLog({}),
  redactor: new Redactor(),
  demoProcessingDelayMs: 0,
});
const host = await startHost({ dispatch: services.dispatch, staticDir: 'out/renderer', log: new HostLog({}) });
const ids: string[] = [];
for (const [i, t] of terminals.entries()) {
  const saved = await services.profiles.save({
    name: `P${i}`,
    environment: 'custom',
    customUrl: sim.url,
    tpn: t.tpn,
    proxyTimeoutSeconds: 120,
    merchantNumber: null,
  });
  await services.profiles.setAuthkey(saved.id, t.authkey);
  ids.push(saved.id);
}
await new Promise((resolve) => setTimeout(resolve, OPEN_AFTER_MS));

async function open(profileId: string): Promise<string> {
  const address = new URL(host.url);
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  const response = await fetch(`${address.origin}/api/reports%3Adaily`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [TOKEN_HEADER]: address.searchParams.get('token') ?? '' },
    body: JSON.stringify({ profileId }),
  });
  const text = await response.text();
  if (!text.startsWith('{"ok":true')) throw new Error(text.slice(0, 200));
  const wall = performance.now() - t0;
  const used = process.cpuUsage(cpu);
  return `${wall.toFixed(0)} ms (CPU ${((used.user + used.system) / 1000).toFixed(0)} ms)`;
}

const hundred = await open(ids[0]!);
const session = new Session();
if (profileTo) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
}
const first = await open(ids[1]!);
if (profileTo) writeFileSync(profileTo, JSON.stringify((await session.post('Profiler.stop')).profile));
const again: string[] = [];
for (let i = 0; i < 3; i += 1) again.push(await open(ids[1]!));
console.log(
  `load ${(await import('node:os')).loadavg()[0]!.toFixed(1)} | 100 rows ${hundred} | ${ROWS} rows first ${first} | again ${again.join(', ')}`,
);
await host.close();
await services.close();
await sim.close();
