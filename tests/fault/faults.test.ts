// Fault suite: Sales through a proxy that breaks requests on real loopback sockets. For every
// fault, 50 randomised runs in the soak tier and the first 10 of them in `npm test` (amount, decline or approval, which requests get the fault, when and
// how much of the answer gets through, and whether the service then goes away for a while); at the
// end the journal must agree exactly with the simulator's batch, with nothing left unknown, and the
// proxy must have seen exactly one Sale per ReferenceId.
//
//   npx vitest run --project node tests/fault/faults.test.ts
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../simulator';
import { openJournal } from '../../electron/services/journal/open-journal';
import type { SqliteJournal } from '../../electron/services/journal/sqlite-journal';
import type { MoneyMoveDeps } from '../../electron/services/payments/money-move';
import { runSale } from '../../electron/services/payments/sale';
import { fakeTpn, fastDeps, saleForm, startFakeSimulator } from '../support/money-move-kit';
import { disagreements } from './agreement';
import { FAULTS, startFaultProxy, type Fault, type FaultPlan, type FaultProxy } from './fault-proxy';
import { allEntries } from '../support/journal-entries';
import { tierCount } from '../support/tier';

const LANES = 5;
const RUNS = tierCount({ fast: 5, soak: 50 });
const SEED = 20_260_101;
const TPNS = Array.from({ length: LANES }, (_, i) => fakeTpn(i + 1));

interface Run {
  amountCents: number;
  decline: boolean;
  /** The first Status lookup gets the same fault as the Sale. */
  statusToo: boolean;
  delayMs: number;
  cutFraction: number;
  /** After the fault, the service is unreachable for this long (0: not at all). */
  blackoutMs: number;
}

const isMagic = (cents: number) => (cents >= 1001 && cents <= 1024) || (cents >= 2001 && cents <= 2011);
const runArb: fc.Arbitrary<Run> = fc.record({
  amountCents: fc.integer({ min: 1, max: 99_999 }).filter((c) => !isMagic(c)),
  decline: fc.boolean(),
  statusToo: fc.boolean(),
  delayMs: fc.integer({ min: 0, max: 40 }),
  cutFraction: fc.double({ min: 0, max: 1, noNaN: true }),
  blackoutMs: fc.oneof(fc.constant(0), fc.integer({ min: 50, max: 400 })),
});

/** How the runner words each fault when it records the outcome as unknown. */
const REASONS: Record<Fault, RegExp> = {
  'drop-after-forward': /connection dropped/,
  hold: /no answer arrived in time/,
  'http-500': /HTTP 500/,
  truncate: /could not be read/,
  reset: /connection dropped/,
  'drop-before-forward': /connection dropped/,
};

/** What the proxy does next for each terminal: the current run's fault, once per endpoint. */
interface LanePlan {
  fault: Fault;
  run: Run;
  pending: Set<string>;
}

let sim: RunningSimulator;
let proxy: FaultProxy;
let journal: SqliteJournal;
let deps: MoneyMoveDeps;
let dir: string;
const plans = new Map<string, LanePlan>();

function choose(request: { endpoint: string; tpn: string }): FaultPlan | null {
  const plan = plans.get(request.tpn);
  if (!plan || !plan.pending.delete(request.endpoint)) return null;
  const { run, fault } = plan;
  if (request.endpoint === 'Sale' && run.blackoutMs > 0) {
    // Let this fault happen, then make the service unreachable for a while.
    setTimeout(() => proxy.setDown(true, request.tpn), 0);
    setTimeout(() => proxy.setDown(false, request.tpn), run.blackoutMs);
  }
  // Simulator answers are a few hundred bytes: cut somewhere inside.
  return { fault, delayMs: run.delayMs, cutBytes: Math.floor(run.cutFraction * 400) };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fault-journal-'));
  sim = await startFakeSimulator(LANES, 20);
  proxy = await startFaultProxy(sim.url, choose);
  journal = openJournal(dir);
  // A 1.5 s HTTP grace, not the kit's 200 ms: each fault must be seen for what it is, and on a
  // loaded machine a dropped connection came after a 1.2 s deadline (read as "no answer in time").
  deps = fastDeps(journal, proxy.url, { clientOptions: { httpGraceMs: 1_500 } });
});

afterAll(async () => {
  await proxy.close();
  await sim.close();
  await journal.close();
  rmSync(dir, { recursive: true, force: true });
});

async function runLane(fault: Fault, lane: number, runs: Run[], refs: string[]): Promise<string[]> {
  const tpn = TPNS[lane] as string;
  const problems: string[] = [];
  for (const [i, run] of runs.entries()) {
    const ref = `${fault.replaceAll('-', '').slice(0, 8)}${lane}x${i}`;
    refs.push(ref);
    if (run.decline) sim.control.queueOutcome(tpn, { kind: 'decline' });
    plans.set(tpn, { fault, run, pending: new Set(run.statusToo ? ['Sale', 'Status'] : ['Sale']) });
    const result = await runSale(deps, saleForm(ref, run.amountCents, `p${lane + 1}`));
    plans.delete(tpn);
    sim.control.clearQueues(tpn);
    const expected = fault === 'drop-before-forward' ? 'failed' : run.decline ? 'declined' : 'approved';
    if (result.outcome !== expected || result.recovery?.how !== 'status-lookup') {
      problems.push(
        `${ref} ${JSON.stringify(run)}: got ${result.outcome} (${result.message}), recovery ${JSON.stringify(result.recovery)}; expected ${expected}, recovered`,
      );
    }
  }
  return problems;
}

describe('fault suite: the journal agrees with the terminal after every fault', () => {
  it.each(FAULTS.map((fault, i) => [fault, i] as const))(
    `%s: ${RUNS} randomised runs`,
    async (fault, i) => {
      const runs = fc.sample(runArb, { seed: SEED + i, numRuns: RUNS });
      const refs: string[] = [];
      const lanes = TPNS.map((_, lane) => runs.filter((__, k) => k % LANES === lane));
      const problems = (await Promise.all(lanes.map((laneRuns, lane) => runLane(fault, lane, laneRuns, refs)))).flat();
      expect(problems).toEqual([]);
      expect(journal.pending()).toEqual([]);
      expect(disagreements(await allEntries(journal), sim.control, TPNS)).toEqual([]);
      // No Sale was ever sent twice: recovery only asks Status.
      expect(refs.filter((ref) => proxy.count('Sale', ref) !== 1)).toEqual([]);
      expect(refs).toHaveLength(RUNS);
      // Each fault really happened to the Sale, and was seen for what it is.
      expect(proxy.seen.filter((r) => r.endpoint === 'Sale' && refs.includes(r.referenceId) && r.fault === fault)).toHaveLength(RUNS);
      const reasons = (await allEntries(journal)).filter((e) => refs.includes(e.intent.ref)).map((e) => e.unknownReason ?? '');
      expect(reasons.filter((reason) => !REASONS[fault].test(reason))).toEqual([]);
    },
    120_000,
  );

  it('never sends a second Sale while the first one is unknown, even when the user asks', async () => {
    const tpn = TPNS[0] as string;
    const ref = 'SECONDSALE1';
    // The Sale reaches the terminal, its answer is dropped, then the service stays away (blackout).
    const run = { amountCents: 4321, decline: false, statusToo: false, delayMs: 0, cutFraction: 0, blackoutMs: 30_000 };
    plans.set(tpn, { fault: 'drop-after-forward', run, pending: new Set(['Sale']) });
    const first = runSale(deps, saleForm(ref, 4321, 'p1'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    plans.delete(tpn);
    await expect(runSale(deps, saleForm(ref, 4321, 'p1'))).rejects.toMatchObject({ detail: { code: 'BAD_INPUT' } });
    expect(journal.pending().map((e) => e.intent.ref)).toEqual([ref]);
    proxy.setDown(false, tpn);
    expect(await first).toMatchObject({ outcome: 'approved', recovery: { how: 'status-lookup' } });
    expect(proxy.count('Sale', ref)).toBe(1);
    expect(disagreements(await allEntries(journal), sim.control, TPNS)).toEqual([]);
  });
});
