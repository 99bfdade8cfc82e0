// Issue 24, item 5: "Verify this terminal" never leaves its test sale charged without saying so.
// Through the app's services, a fault proxy and the real simulator: the test sale's answer is
// dropped after the terminal approved it and its lookups fail until the cashier stops them. The
// report then says the $1.10 test sale may be charged and offers "void it here"; a second Verify
// names that sale and charges nothing; "void it here" looks it up and voids it by its ReferenceId;
// a third Verify runs as usual.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TIP_CHECK_MAX_CENTS, type TestSaleFate, type TipCheckReport } from '@shared/ipc/diagnostics-views';
import type { JournalPage } from '@shared/ipc/journal-views';
import type { ProfileView } from '@shared/ipc/profile-views';
import type { AppServices } from '../../electron/services/app-services';
import { startSimulator, type RunningSimulator } from '../../simulator';
import { startFaultProxy, type FaultProxy } from '../fault/fault-proxy';
import { addTerminal, data, startServices } from './diagnostics-kit';

const TPN = 'FATECHECK01';
let sim: RunningSimulator;
let proxy: FaultProxy;
let services: AppServices;
let counter: ProfileView;
/** Drop the answer of the next test sale after the simulator carried it out. */
let dropTestSale = false;
/** Drop every Status before it reaches the simulator: the lookup cannot learn anything. */
let lookupsFail = false;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, terminals: [{ tpn: TPN, authkey: 'FATEKEY001' }], processingDelayMs: 0, seed: 24 });
  proxy = await startFaultProxy(sim.url, (request) => {
    if (request.endpoint === 'Sale' && request.referenceId.startsWith('TIPCHECK') && dropTestSale) {
      dropTestSale = false;
      return { fault: 'drop-after-forward' };
    }
    if (request.endpoint === 'Status' && lookupsFail) return { fault: 'drop-before-forward' };
    return null;
  });
  services = await startServices({
    // A few lookups a second: the lookup is stopped by the test, not by the clock.
    recoveryPolicy: { backoffStartMs: 50, backoffMaxMs: 200, notFoundPollMs: 100, notFoundMarginMs: 100, resendStartMs: 50 },
    httpGraceMs: 1_000,
  });
  counter = await addTerminal(services, 'Counter', proxy.url, TPN, 'FATEKEY001');
});

afterAll(async () => {
  await services?.close();
  await proxy?.close();
  await sim?.close();
});

const verify = () =>
  data<TipCheckReport>(services, 'diagnostics:verifyTips', { profileId: counter.id, confirmedCents: TIP_CHECK_MAX_CENTS });
const testSales = () => sim.control.getState(TPN).records.filter((record) => String(record.ReferenceId).startsWith('TIPCHECK'));
const sentSales = () => proxy.seen.filter((request) => request.endpoint === 'Sale');
const journalOf = async (referenceId: string) =>
  (await data<JournalPage>(services, 'journal:list', { referenceId })).entries.map((entry) => [entry.operation, entry.state]);

describe('Verify this terminal when the test sale’s answer is lost and its lookup stopped', () => {
  let first = '';

  it('ends with "the $1.10 test sale REF may be charged: void it here", not a bare OUTCOME_UNKNOWN', async () => {
    dropTestSale = true;
    lookupsFail = true;
    const running = verify();
    await vi.waitFor(() => expect(sentSales()).toHaveLength(1), { timeout: 10_000 });
    first = sentSales()[0]?.referenceId ?? '';
    await vi.waitFor(() => expect(proxy.count('Status', first)).toBeGreaterThanOrEqual(2), { timeout: 10_000 });
    expect(await data(services, 'journal:stopRecovery', { referenceId: first })).toEqual({ stopped: 1 });
    const report = await running;
    lookupsFail = false;

    expect(report).toMatchObject({ referenceId: first, voided: false, sale: null, remembered: null, finding: 'unclear' });
    expect(report.testSale).toEqual({
      referenceId: first,
      amountCents: 110,
      fate: 'may-be-charged',
      words: `The $1.10 test sale ${first} may be charged (its answer was lost and looking it up was stopped): void it here.`,
      earlier: false,
    });
    expect(report.steps.map((step) => [step.id, step.status])).toEqual([
      ['sale', 'failed'],
      ['status', 'skipped'],
      ['void', 'skipped'],
    ]);
    // It is charged: the terminal approved it and nothing voided it.
    expect(testSales()).toMatchObject([{ ReferenceId: first, Voided: false }]);
  });

  it('on a second Verify names the first, unresolved in the journal, and charges no second test sale', async () => {
    const report = await verify();
    expect(report.testSale).toEqual({
      referenceId: first,
      amountCents: 110,
      fate: 'may-be-charged',
      words: `An earlier check's $1.10 test sale ${first} may still be charged (its outcome was never learned): void it here before charging another.`,
      earlier: true,
    });
    expect(report.explanation).toBe(`Nothing was charged this time: ${report.testSale.words}`);
    expect(report.steps.map((step) => step.status)).toEqual(['skipped', 'skipped', 'skipped']);
    expect(sentSales()).toHaveLength(1);
    expect(testSales()).toHaveLength(1);
  });

  it('"void it here" looks the sale up by Status and voids it by its ReferenceId', async () => {
    const fate = await data<TestSaleFate>(services, 'diagnostics:resolveTestSale', { profileId: counter.id, referenceId: first });
    expect(fate).toEqual({
      referenceId: first,
      amountCents: 100,
      fate: 'voided',
      words: `The test sale ${first} ($1.00) was voided: nothing stays charged.`,
      earlier: false,
    });
    expect(proxy.count('Status', first)).toBeGreaterThan(0);
    expect(proxy.count('Void', first)).toBe(1);
    expect(testSales()).toMatchObject([{ ReferenceId: first, Voided: true }]);
    expect(await journalOf(first)).toEqual([
      ['Void', 'approved'],
      ['Sale', 'approved'],
    ]);
  });

  it('refuses "void it here" for anything but a test sale of that terminal', async () => {
    const refused = await services.dispatch('diagnostics:resolveTestSale', { profileId: counter.id, referenceId: 'SALE0001' });
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: 'NOT_FOUND',
        fields: [{ path: 'referenceId', message: 'must be a test sale (TIPCHECK…) the journal holds for this terminal' }],
      },
    });
    expect(proxy.count('Void', 'SALE0001')).toBe(0);
  });

  it('once resolved, the next Verify charges and voids a new test sale as usual', async () => {
    const report = await verify();
    expect(report.referenceId).not.toBe(first);
    expect(report).toMatchObject({
      voided: true,
      finding: 'included',
      testSale: { referenceId: report.referenceId, fate: 'voided', earlier: false },
    });
    expect(testSales().map((record) => [record.ReferenceId, record.Voided])).toEqual([
      [first, true],
      [report.referenceId, true],
    ]);
  });
});
