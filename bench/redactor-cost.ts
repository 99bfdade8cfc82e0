// What the redactor costs per SPIn answer, on the paths every answer takes (issue 38 item 3 moved
// the Authkey's spellings into it: case, gaps, hex, base64, a key split across two texts):
//  - arrival: Redactor.jsonMayHoldSecret on the answer's text, then secretsIn when it may hold a key
//    (spin-client.ts), for an answer that echoes no key (nearly all) and one that echoes it;
//  - the request log and bundle: Redactor.value of the parsed answer (log-entry.ts);
//  - data going out over IPC: Redactor.secretsInData (dispatch.ts).
// For a Sale answer and a 10,000-row report. Run it on two commits to compare them.
//
//   npx tsx bench/redactor-cost.ts [--rows 10000]
import { Redactor } from '../electron/services/security/redactor';
import { responseExamples } from '../tests/support/spin-examples';
import { percentile, sortedCopy } from './support/stats';

const index = process.argv.indexOf('--rows');
const ROWS = index < 0 ? 10_000 : Number(process.argv[index + 1]);
/** Obviously fake. */
const KEY = 'FAKEKEY7Q2';

const sale: Record<string, unknown> = { ...responseExamples.Sale, ReferenceId: 'BENCH0001' };
const echoing = { ...sale, GeneralResponse: { ...(sale.GeneralResponse as object), DetailedMessage: `Authkey ${KEY} is not active` } };
const report = { Transactions: Array.from({ length: ROWS }, (_, i) => ({ ...sale, ReferenceId: `BENCH${i}` })) };

function median(what: string, runs: number, run: () => unknown): void {
  for (let i = 0; i < 3; i += 1) run();
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    run();
    samples.push(performance.now() - started);
  }
  const sorted = sortedCopy(samples);
  console.log(`| ${what} | ${runs} | ${percentile(sorted, 50).toFixed(3)} | ${percentile(sorted, 95).toFixed(3)} |`);
}

const redactor = new Redactor();
redactor.addSecret(KEY);
const arrive = (text: string) => {
  const json = JSON.parse(text) as unknown;
  return redactor.jsonMayHoldSecret(text) ? redactor.secretsIn(json) : json;
};

console.log('| Path | Runs | Median (ms) | p95 (ms) |');
console.log('| --- | --- | --- | --- |');
const saleText = JSON.stringify(sale);
const echoText = JSON.stringify(echoing);
const reportText = JSON.stringify(report);
median('arrival, Sale answer without a key (parse + check)', 2000, () => arrive(saleText));
median('arrival, Sale answer echoing the key (parse + check + scrub)', 2000, () => arrive(echoText));
median(`arrival, ${ROWS}-row report without a key`, 15, () => arrive(reportText));
median('request log: value(Sale answer)', 2000, () => redactor.value(sale));
median(`request log: value(${ROWS}-row report)`, 9, () => redactor.value(report));
median(`IPC out: secretsInData(${ROWS}-row report)`, 15, () => redactor.secretsInData(report));
