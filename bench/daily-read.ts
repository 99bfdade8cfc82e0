// What the hand-built readers of a Daily report save (issue 40: hand-built code stays only where a
// user-level budget needs it; here Daily of 10,000 rows open <= 300 ms). Two reads of one
// 10,000-row report (JSON.parse and building the view not timed), each timed the first time in a
// fresh process (what the first open after a start pays: zod's code still in V8's slow tiers) and
// then as the median of 20 more:
//  - the SPIn answer (DailyResponse) read leniently as the client reads it: its rows through
//    looseRows (shared/spin/tolerant.ts: a row already of the right types is kept as it is,
//    readyRows) against plain zod, looseList(looseRecord(...)) of the same fields;
//  - the contract's output check of the view: as reports:daily sends it (DailyReportSent, its rows
//    as columns, each read through readyColumn with the check compiled from DailyRow's fields,
//    shared/spin/quick-accept.ts), against the rows as objects read by plain z.array(DailyRow).
// Each contestant runs in its own child process, alternated, --rounds times.
//
//   npx tsx bench/daily-read.ts [--rounds 3]
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { toDailyReport } from '../electron/services/reports/to-report';
import { dailyToSend } from '@shared/ipc/daily-columns';
import { DailyReport, DailyReportSent } from '@shared/ipc/report-views';
import { responseSchema } from '@shared/spin/common';
import { parseLenient } from '@shared/spin/lenient-parse';
import { DailyResponse } from '@shared/spin/responses/batch';
import { looseList, looseNumber, looseRecord, looseString } from '@shared/spin/tolerant';

const ROWS = 10_000;
const RUNS = 20;
/** Each contestant: its input made (not timed), then the read (timed); true when everything was read. */
const CONTESTANTS = {
  'SPIn answer, rows through looseRows': { input: answer, read: (body: unknown) => readWhole(DailyResponse, body) },
  'SPIn answer, rows through plain zod (looseList of looseRecord)': {
    input: answer,
    read: (body: unknown) => readWhole(plainDailyResponse, body),
  },
  'output check of the view as sent, rows as columns through readyColumn': {
    input: () => dailyToSend(view()),
    read: (value: unknown) => DailyReportSent.safeParse(value).success,
  },
  'output check of the view, rows as objects through plain zod (z.array(DailyRow))': {
    input: view,
    read: (value: unknown) => DailyReport.safeParse(value).success,
  },
} as const;
type Name = keyof typeof CONTESTANTS;

/** DailyResponse as it would be with every list a plain looseList (batch.ts builds the real one). */
const plainDailyResponse = plainDaily();
function plainDaily() {
  const row = looseRecord({
    Number: looseString(),
    ReferenceId: looseString(),
    CardType: looseString(),
    TransactionType: looseString(),
    Last4: looseString(),
    Amount: looseNumber(),
  });
  const detail = looseRecord({
    MerchantNumber: looseNumber(),
    Application: looseString(),
    TotalAmount: looseNumber(),
    TransactionsDailyReports: looseList(row),
  });
  return responseSchema({ DailyDetails: looseList(detail) });
}

const answerText = JSON.stringify({
  GeneralResponse: { ResultCode: '0', StatusCode: '0000', Message: 'Approved' },
  DailyDetails: [
    {
      MerchantNumber: 1,
      Application: 'Credit',
      TransactionsDailyReports: Array.from({ length: ROWS }, (_, i) => ({
        Number: String(i + 1),
        ReferenceId: `REF${String(i).padStart(6, '0')}`,
        CardType: 'Visa',
        TransactionType: 'Sale',
        Last4: '4242',
        Amount: 12.34,
      })),
    },
  ],
});

function answer(): unknown {
  return JSON.parse(answerText);
}

/** true when the answer was read whole, every row kept. */
function readWhole(schema: typeof DailyResponse | typeof plainDailyResponse, body: unknown): boolean {
  const result = parseLenient(schema, body);
  return result.success && result.ignored.length === 0;
}

/** The view the page gets, made from the answer as the host makes it. */
function view(): DailyReport {
  return toDailyReport({ profileId: 'p1', tpn: 'FLT0000001', fetchedAt: new Date(0).toISOString() }, DailyResponse.parse(answer()));
}

/** In the child: the first run and the median of RUNS more, as JSON on stdout. */
function measureOne(name: Name): void {
  const { input, read } = CONTESTANTS[name];
  const times: number[] = [];
  for (let i = 0; i <= RUNS; i += 1) {
    const value = input();
    const started = performance.now();
    if (!read(value)) throw new Error(`${name}: not read whole`);
    times.push(performance.now() - started);
  }
  const warm = times.slice(1).sort((a, b) => a - b);
  console.log(JSON.stringify({ first: times[0], median: warm[Math.floor(warm.length / 2)] }));
}

function main(): void {
  const at = process.argv.indexOf('--rounds');
  const rounds = at < 0 ? 3 : Number(process.argv[at + 1]);
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds must be a whole number of at least 1');
  const names = Object.keys(CONTESTANTS) as Name[];
  const seen = new Map<Name, { first: number; median: number }[]>(names.map((name) => [name, []]));
  for (let round = 0; round < rounds; round += 1)
    for (const name of names) {
      const child = spawnSync(process.execPath, ['--import', 'tsx', process.argv[1]!, '--one', name], { encoding: 'utf8' });
      if (child.status !== 0) throw new Error(`${name} failed: ${child.stderr}`);
      seen.get(name)!.push(JSON.parse(child.stdout.trim().split('\n').at(-1)!) as { first: number; median: number });
    }
  const ms = (values: number[]) => values.map((v) => v.toFixed(1)).join(' / ');
  console.log(`\nDaily of ${ROWS.toLocaleString('en')} rows, ${rounds} fresh processes each, load average ${loadavg()[0]!.toFixed(2)}\n`);
  console.log('| Read | First in a fresh process (ms), each round | Median of 20 more (ms), each round |');
  console.log('|---|---|---|');
  for (const name of names) {
    const runs = seen.get(name)!;
    console.log(`| ${name} | ${ms(runs.map((r) => r.first))} | ${ms(runs.map((r) => r.median))} |`);
  }
}

const one = process.argv.indexOf('--one');
if (one < 0) main();
else measureOne(process.argv[one + 1] as Name);
