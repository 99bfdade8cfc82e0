// Real-world suite: Sales through the app's real payment path (runSale, the FileJournal, recovery by
// Status) against the simulator's real-world mode, one variant class at a time: redirects, 429 with
// Retry-After, a load balancer's HTML 502 and the service's JSON 500 without a GeneralResponse
// (before or after forwarding), busy and 2009 lookups, numeric codes, off-type optional fields,
// extra fields, nulls, the docs sample's shape, a top-level DelayBeforeNextRequest, slow and
// dripping bodies, all on top of plain mode's production shape (URL-encoded host texts, no Token). Each class
// gets 50 randomised runs in the soak tier, the first 10 of them in `npm test` (fast-check, seeded;
// the simulator's dice are seeded too) over five
// terminals in parallel, and ends with the same accounting as the fault suite: the journal equals
// the terminal's batch, one Sale per ReferenceId, no approval shown as a decline, nothing left
// unknown. On top, each class checks its own rule (issue 11): an answer that arrived is read
// (never demoted to "unknown" by a secondary field), a lost one is looked up at the profile's
// address, no exchange outlives its deadline, nothing is ever sent to a redirect's target,
// Retry-After is honoured, busy lookups are asked again and 2009 means "not found".
//
// A run that cannot conclude (a lookup that loops) is stopped by a watchdog and reported as such,
// so a class that fails does so in seconds, with the run and the reason in the assertion.
//
//   npx vitest run --project node tests/fault/real-world.test.ts
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { PaymentResult } from '@shared/ipc/payment-result-views';
import type { RealWorldEvent, RealWorldInput, RunningSimulator, Variant } from '../../simulator';
import { startOtherHost, type OtherHost } from '../support/simulator-kit';
import { openJournal } from '../../electron/services/journal/open-journal';
import { runSale } from '../../electron/services/payments/sale';
import type { SpinExchange } from '../../electron/services/spin/spin-client';
import { FAST_GRACE_MS, fakeTpn, fastDeps, saleForm, startFakeSimulator } from '../support/money-move-kit';
import { disagreements } from './agreement';
import { allEntries } from '../support/journal-entries';
import { tierCount, tier } from '../support/tier';

const LANES = 5;
const SOAK_RUNS = 50;
const RUNS = tierCount({ fast: 10, soak: SOAK_RUNS });
const SEED = 20_260_311;
const TPNS = Array.from({ length: LANES }, (_, i) => fakeTpn(i + 1));

/** fakeProfiles sends SPInProxyTimeout 1 s; the client adds FAST_GRACE_MS: the whole exchange's deadline. */
const EXCHANGE_DEADLINE_MS = 1000 + FAST_GRACE_MS;
/**
 * Room for a loaded two-core machine's timers before an exchange counts as having outlived its
 * deadline (300 ms was overrun by 21 ms at load 10). Still far below the slow and drip bodies of up
 * to 2.5 s that a client without the deadline would wait out.
 */
const DEADLINE_SLACK_MS = 600;

interface Run {
  amountCents: number;
  decline: boolean;
}

const isMagic = (cents: number) => (cents >= 1001 && cents <= 1024) || (cents >= 2001 && cents <= 2011) || cents === 5000;
const runArb: fc.Arbitrary<Run> = fc.record({
  amountCents: fc.integer({ min: 1, max: 99_999 }).filter((c) => !isMagic(c)),
  decline: fc.boolean(),
});

/** Loses the answer of some Sales (a 502 after or before forwarding), so their recovery lookups meet the variant too. */
const SOME_SALES_LOST = { 'html-502': { rate: 0.3, endpoints: ['Sale' as const] } };
/** Loses every Sale's answer: the lookup classes need a lookup in every run. */
const EVERY_SALE_LOST = { 'html-502': { rate: 1, endpoints: ['Sale' as const] } };

interface ClassSpec {
  variant: Variant;
  settings: RealWorldInput;
  /**
   * How long one run may take before its lookups are stopped and it counts as stuck. Generous where
   * lookups may legitimately meet the variant several times in a row (each such wait is short);
   * tight for 2009, where a client that understands it concludes within the deadline.
   */
  watchdogMs: number;
  /**
   * The minimum number of requests the variant must really have changed in the soak's runs, so the
   * class proves something (the fast tier's fewer runs ask for a share of it: minHitsNow).
   */
  minHits: number;
}

const PATIENT_MS = 20_000;

const CLASSES: ClassSpec[] = [
  { variant: 'numeric-codes', settings: { variants: { 'numeric-codes': 1, ...SOME_SALES_LOST } }, watchdogMs: PATIENT_MS, minHits: 50 },
  { variant: 'off-type', settings: { variants: { 'off-type': 0.75, ...SOME_SALES_LOST } }, watchdogMs: PATIENT_MS, minHits: 25 },
  { variant: 'extra-fields', settings: { variants: { 'extra-fields': 1, ...SOME_SALES_LOST } }, watchdogMs: PATIENT_MS, minHits: 50 },
  { variant: 'nulls', settings: { variants: { nulls: 1, ...SOME_SALES_LOST } }, watchdogMs: PATIENT_MS, minHits: 50 },
  // Plain mode now sends the sample's texts itself (production's shape, issue 39): what is left to
  // the variant are an approval's zero amounts as null, so only approved records (about half) change.
  { variant: 'docs-sample', settings: { variants: { 'docs-sample': 1, ...SOME_SALES_LOST } }, watchdogMs: PATIENT_MS, minHits: 15 },
  {
    variant: 'delay-top-level',
    settings: { variants: { 'delay-top-level': 1, ...SOME_SALES_LOST } },
    watchdogMs: PATIENT_MS,
    minHits: 50,
  },
  { variant: 'html-502', settings: { variants: { 'html-502': 0.5 } }, watchdogMs: PATIENT_MS, minHits: 25 },
  { variant: 'server-error-500', settings: { variants: { 'server-error-500': 0.5 } }, watchdogMs: PATIENT_MS, minHits: 25 },
  { variant: 'rate-limit', settings: { variants: { 'rate-limit': 0.4 }, retryAfterSeconds: 1 }, watchdogMs: PATIENT_MS, minHits: 15 },
  { variant: 'slow', settings: { variants: { slow: 0.5 }, bodyMs: { min: 200, max: 2500 } }, watchdogMs: PATIENT_MS, minHits: 20 },
  {
    variant: 'drip',
    settings: { variants: { drip: 0.5 }, bodyMs: { min: 200, max: 2500 }, dripChunkBytes: 32 },
    watchdogMs: PATIENT_MS,
    minHits: 20,
  },
  { variant: 'redirect', settings: { variants: { redirect: 0.5 } }, watchdogMs: PATIENT_MS, minHits: 20 },
  { variant: 'busy-lookup', settings: { variants: { 'busy-lookup': 0.5, ...EVERY_SALE_LOST } }, watchdogMs: PATIENT_MS, minHits: 15 },
  { variant: 'not-found-2009', settings: { variants: { 'not-found-2009': 1, ...EVERY_SALE_LOST } }, watchdogMs: 4000, minHits: 10 },
];

/**
 * The soak's minimum; with the fast tier's fewer runs, half its share (how many requests meet a
 * variant also depends on how many lookups the timing calls for), and never under two.
 */
function minHitsNow(spec: ClassSpec): number {
  return tier === 'soak' ? spec.minHits : Math.max(2, Math.floor((spec.minHits * RUNS) / SOAK_RUNS / 2));
}

/** What the app must make of a run, judged from what the simulator logged about its Sale. */
interface Expected {
  outcome: PaymentResult['outcome'];
  recovery: 'required' | 'forbidden' | 'either';
  why: string;
}

function expectedFor(run: Run, sale: RealWorldEvent): Expected {
  const terminal = run.decline ? 'declined' : 'approved';
  const has = (variant: Variant) => sale.applied.includes(variant);
  if (has('redirect'))
    return {
      outcome: 'failed',
      recovery: 'required',
      why: `a ${sale.httpStatus} redirect is no answer: look it up at the profile's address, where it was never processed`,
    };
  if (has('rate-limit'))
    return {
      outcome: 'failed',
      recovery: 'required',
      why: 'a 429 is unknown for a money move: look it up (after Retry-After); it was never processed',
    };
  if (has('html-502')) {
    return sale.forwarded
      ? { outcome: terminal, recovery: 'required', why: `the load balancer forwarded it, the terminal ${terminal} it, then answered 502` }
      : { outcome: 'failed', recovery: 'required', why: 'the load balancer answered 502 without forwarding it' };
  }
  // A 500 without a GeneralResponse says nothing about the payment: look it up, never read it as declined.
  if (has('server-error-500')) {
    return sale.forwarded
      ? {
          outcome: terminal,
          recovery: 'required',
          why: `the terminal ${terminal} it, then the service answered 500 without a GeneralResponse`,
        }
      : { outcome: 'failed', recovery: 'required', why: 'the service answered 500 without a GeneralResponse before the terminal saw it' };
  }
  if ((has('slow') || has('drip')) && sale.bodyMs !== undefined) {
    const recovery =
      sale.bodyMs > EXCHANGE_DEADLINE_MS + DEADLINE_SLACK_MS
        ? 'required'
        : sale.bodyMs < EXCHANGE_DEADLINE_MS - DEADLINE_SLACK_MS
          ? 'forbidden'
          : 'either';
    return {
      outcome: terminal,
      recovery,
      why: `the ${terminal} answer's body took ${sale.bodyMs} ms after the headers (deadline ${EXCHANGE_DEADLINE_MS} ms)`,
    };
  }
  return {
    outcome: terminal,
    recovery: 'forbidden',
    why: `the ${terminal} answer arrived${sale.applied.length > 0 ? ` written with ${sale.applied.join(', ')}` : ''}: read it as it is`,
  };
}

interface ClassReport {
  problems: string[];
  summary: string;
}

async function runClass(spec: ClassSpec, index: number): Promise<ClassReport> {
  const dir = mkdtempSync(join(tmpdir(), `real-world-${spec.variant}-`));
  const other: OtherHost = await startOtherHost();
  const sim: RunningSimulator = await startFakeSimulator(LANES, 20, SEED + index);
  const journal = openJournal(dir);
  const exchanges: SpinExchange[] = [];
  sim.control.setRealWorld({ ...spec.settings, seed: SEED + index, redirectTo: other.url });
  const deps = fastDeps(journal, sim.url, { clientOptions: { onExchange: (exchange) => exchanges.push(exchange) } });
  const started = performance.now();
  try {
    const runs = fc.sample(runArb, { seed: SEED + index, numRuns: RUNS });
    const refs: string[] = [];
    const results = new Map<string, PaymentResult>();
    const lane = async (laneIndex: number): Promise<string[]> => {
      const tpn = TPNS[laneIndex] as string;
      const problems: string[] = [];
      for (const [i, run] of runs.entries()) {
        if (i % LANES !== laneIndex) continue;
        const ref = `${spec.variant.replaceAll('-', '').slice(0, 8)}${laneIndex}x${i}`;
        refs.push(ref);
        if (run.decline) sim.control.queueOutcome(tpn, { kind: 'decline' });
        // Stops a lookup that never concludes; the run then fails with OUTCOME_UNKNOWN, reported below.
        const watchdog = setTimeout(() => deps.registry.stop(ref), spec.watchdogMs);
        try {
          results.set(ref, await runSale(deps, saleForm(ref, run.amountCents, `p${laneIndex + 1}`)));
        } catch (error) {
          problems.push(`${ref}: runSale failed: ${error instanceof Error ? error.message : String(error)}`);
        } finally {
          clearTimeout(watchdog);
          sim.control.clearQueues(tpn);
        }
        const witnessed = (await journal.usesOf(tpn, ref)).some((entry) => entry.intent.batch !== undefined);
        problems.push(...judgeRun(ref, run, results.get(ref), sim.control.getRealWorld().events, witnessed));
      }
      return problems;
    };
    const problems = (await Promise.all(TPNS.map((_, laneIndex) => lane(laneIndex)))).flat();
    const events = sim.control.getRealWorld().events;
    problems.push(...accounting(refs, events, await allEntries(journal), journal.pending().length, sim));
    problems.push(...deadlines(exchanges));
    problems.push(...variantRules(spec, events, other));
    const hits = events.filter((e) => e.applied.includes(spec.variant)).length;
    const minHits = minHitsNow(spec);
    if (hits < minHits)
      problems.push(`the variant changed only ${hits} requests (at least ${minHits} expected): the class proves too little`);
    const outcomes = [...results.values()];
    const count = (pick: (r: PaymentResult) => boolean) => outcomes.filter(pick).length;
    const summary =
      `${spec.variant}: ${refs.length} runs in ${Math.round(performance.now() - started)} ms, variant applied to ${hits} of ${events.length} requests; ` +
      `${count((r) => r.outcome === 'approved')} approved, ${count((r) => r.outcome === 'declined')} declined, ${count((r) => r.outcome === 'failed')} failed; ` +
      `${count((r) => r.recovery !== undefined)} recovered by Status; ${problems.length} problems`;
    return { problems, summary };
  } finally {
    await sim.close();
    await other.close();
    await journal.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function judgeRun(
  ref: string,
  run: Run,
  result: PaymentResult | undefined,
  events: readonly RealWorldEvent[],
  witnessed: boolean,
): string[] {
  const sale = events.find((e) => e.endpoint === 'Sale' && e.referenceId === ref && e.occurrence === 0);
  if (!sale) return [`${ref}: the Sale never reached the service`];
  if (!result) return [];
  // Production's host text comes URL-encoded ("APPROVAL%20880848%20", issue 39): shown decoded, whatever the variant.
  if (result.hostMessage !== undefined && /%[0-9A-Fa-f]{2}|\s$/.test(result.hostMessage))
    return [`${ref}: the host text is shown as sent, not as a person reads it: "${result.hostMessage}"`];
  const want = expectedFor(run, sale);
  const recovered = result.recovery?.how === 'status-lookup';
  const recoveryOk = want.recovery === 'either' || (want.recovery === 'required') === recovered;
  if (result.outcome === want.outcome && recoveryOk) return [];
  // Without a witness of the open batch (no approval in the journal, and the read of the terminal's
  // met the variant too or found the batch empty) a settle since cannot be ruled out: "not found"
  // is "check the settled batch", never "not processed" (issue 37; recovery/batch-boundary.ts).
  if (want.outcome === 'failed' && !witnessed && result.outcome === 'settled-unknown' && recovered) return [];
  const got = `${result.outcome} ${result.statusCode}${recovered ? ` after a Status lookup (${result.recovery?.reason})` : ' without a lookup'}`;
  const wanted = `${want.outcome}${want.recovery === 'either' ? '' : want.recovery === 'required' ? ' after a Status lookup' : ' without a lookup'}`;
  return [
    `${ref} [Sale ${sale.applied.join('+') || 'untouched'}, ${run.decline ? 'decline' : 'approve'}]: got ${got}; expected ${wanted}: ${want.why}`,
  ];
}

/** The fault suite's accounting: journal = batch, nothing unknown, one Sale per ReferenceId. */
function accounting(
  refs: readonly string[],
  events: readonly RealWorldEvent[],
  history: Parameters<typeof disagreements>[0],
  pending: number,
  sim: RunningSimulator,
): string[] {
  const problems = disagreements(history, sim.control, TPNS);
  if (pending > 0) problems.push(`${pending} journal entries are still pending (outcome unknown)`);
  for (const ref of refs) {
    const sent = events.filter((e) => e.endpoint === 'Sale' && e.referenceId === ref).length;
    if (sent !== 1) problems.push(`${ref}: the Sale reached the service ${sent} times`);
  }
  if (refs.length !== RUNS) problems.push(`${refs.length} runs instead of ${RUNS}`);
  return problems;
}

/** One deadline for the whole exchange: headers and body within SPInProxyTimeout + grace. */
function deadlines(exchanges: readonly SpinExchange[]): string[] {
  return exchanges
    .filter((e) => e.durationMs > EXCHANGE_DEADLINE_MS + DEADLINE_SLACK_MS)
    .map(
      (e) =>
        `${(e.request as { ReferenceId?: string }).ReferenceId} ${e.endpoint}: the exchange took ${e.durationMs} ms, past its ${EXCHANGE_DEADLINE_MS} ms deadline`,
    );
}

/** Rules that belong to one variant. */
function variantRules(spec: ClassSpec, events: readonly RealWorldEvent[], other: OtherHost): string[] {
  const problems: string[] = [];
  // The Authkey goes nowhere but the profile's address.
  for (const request of other.requests)
    problems.push(`the redirect target received ${request.method} ${request.path} (${request.body.length} bytes of body)`);
  if (spec.variant === 'rate-limit') {
    for (const tpn of TPNS) {
      const mine = events.filter((e) => e.tpn === tpn);
      mine.forEach((event, i) => {
        const next = mine[i + 1];
        if (event.httpStatus !== 429 || !next) return;
        const gap = next.at - event.at;
        // Whole milliseconds on both sides: allow the rounding of the two clock readings.
        if (gap < (event.retryAfterSeconds ?? 0) * 1000 - 5) {
          problems.push(
            `${tpn}: ${next.endpoint} ${next.referenceId} came ${gap} ms after a 429 that asked for Retry-After ${event.retryAfterSeconds} s`,
          );
        }
      });
    }
  }
  return problems;
}

const reports: string[] = [];
afterAll(() => {
  console.info(`real-world suite:\n  ${reports.join('\n  ')}`);
});

describe('real-world suite: the journal agrees with the terminal whatever the deployment does', () => {
  it.each(CLASSES.map((spec, i) => [spec.variant, spec, i] as const))(
    `%s: ${RUNS} randomised runs`,
    async (_, spec, index) => {
      const report = await runClass(spec, index);
      reports.push(report.summary);
      expect(report.problems).toEqual([]);
    },
    120_000,
  );
});
