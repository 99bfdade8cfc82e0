// `npm run bench`: every benchmark, one after the other, each printing its markdown table (the
// figures BENCHMARKS.md records, each beside the baseline it measures in the same run). The
// renderer is built first when it is missing, since the report, start-up, sales-memory and store-scale benchmarks
// serve the real one.
//
//   npm run bench [-- --only spin-client,simulator-load,journal,high-water-cost,backups,report-render,report-stages,startup,sales-memory,answer-caps,store-scale,batch-witness,scale-edges,redactor-cost,sale-overhead,daily-read]
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';

const BENCHMARKS = [
  'spin-client',
  'simulator-load',
  'journal',
  'high-water-cost',
  'backups',
  'report-render',
  'report-stages',
  'startup',
  'sales-memory',
  'answer-caps',
  'store-scale',
  'batch-witness',
  'scale-edges',
  'redactor-cost',
  'sale-overhead',
  'daily-read',
] as const;

function selected(): readonly string[] {
  const index = process.argv.indexOf('--only');
  if (index < 0) return BENCHMARKS;
  const names = (process.argv[index + 1] ?? '').split(',').filter(Boolean);
  const unknown = names.filter((name) => !(BENCHMARKS as readonly string[]).includes(name));
  if (unknown.length > 0 || names.length === 0) {
    process.stderr.write(`--only must list benchmarks from: ${BENCHMARKS.join(', ')} (got ${process.argv[index + 1] ?? 'nothing'})\n`);
    process.exit(2);
  }
  return names;
}

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) {
    process.stderr.write(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})\n`);
    process.exit(1);
  }
}

const names = selected();
// The machine's state goes with the figures: these machines are shared and noisy.
console.log(
  `# spin-desk benchmarks, ${new Date().toISOString()}, Node ${process.version}, ${cpus().length} cores, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
if (
  ['report-render', 'startup', 'sales-memory', 'store-scale'].some((name) => names.includes(name)) &&
  !existsSync('out/renderer/index.html')
)
  run('npx', ['vite', 'build', '--config', 'renderer/vite.config.ts', '--logLevel', 'warn']);
for (const name of names) {
  console.log(`\n## ${name} (npx tsx bench/${name}.ts)`);
  run(process.execPath, ['--import', 'tsx', `bench/${name}.ts`]);
}
