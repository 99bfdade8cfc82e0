// "Verify this terminal" (issue 11 item 9) through the real channels: the app's services, the
// built-in demo terminal and a second simulator on loopback, in both tip modes. The check runs a
// tipped test sale through the journal, reads it back, voids it, names how the terminal treats the
// tip, and the profile remembers it; the request builder then honours it. A terminal where real
// cards are charged runs it only with the confirmed amount.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../simulator';
import { createAppServices, type AppServices } from '../../electron/services/app-services';
import { DEMO_TPN } from '../../electron/services/demo/demo-terminal';
import { MemoryStore } from '../../electron/services/settings/key-value-store';
import { MemoryVault } from '../../electron/services/vault/secret-vault';
import { TIP_CHECK_MAX_CENTS, type TipCheckReport } from '@shared/ipc/diagnostics-views';
import type { JournalPage } from '@shared/ipc/journal-views';
import type { PaymentResult } from '@shared/ipc/payment-result-views';
import type { ProfileList, ProfileView } from '@shared/ipc/profile-views';
import { addTerminal, data, SENTINEL } from './diagnostics-kit';

const TPN = 'TIPCHECK001';
let sim: RunningSimulator;
let services: AppServices;
let demo: ProfileView;
let counter: ProfileView;
/** Requests to these paths are refused with HTTP 400 / 2201 before they reach the simulator. */
let refusedPaths: string[] = [];

/** The app's own fetch, with a switch to refuse one endpoint the way the live service refuses bad input. */
const fetchWithRefusals: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  if (refusedPaths.some((path) => new URL(request.url).pathname.endsWith(path))) {
    const body = {
      GeneralResponse: { ResultCode: '2', StatusCode: '2201', Message: 'Invalid request data', DetailedMessage: 'Refused by the test' },
    };
    return new Response(JSON.stringify(body), { status: 400, headers: { 'Content-Type': 'application/json' } });
  }
  return fetch(request);
};

beforeAll(async () => {
  sim = await startSimulator({ port: 0, terminals: [{ tpn: TPN, authkey: SENTINEL }], processingDelayMs: 0, seed: 11 });
  services = await createAppServices({
    store: new MemoryStore(),
    vault: new MemoryVault(),
    info: { name: 'spin-desk', version: 'test', shell: 'browser' },
    log: { error: () => undefined },
    demoProcessingDelayMs: 0,
    fetch: fetchWithRefusals,
  });
  demo = (await data<ProfileList>(services, 'profiles:list')).profiles[0] as ProfileView;
  counter = await addTerminal(services, 'Counter', sim.url, TPN);
});
afterAll(async () => {
  await services?.close();
  await sim?.close();
});
beforeEach(() => {
  refusedPaths = [];
});
afterEach(() => sim.control.reset());

/** The demo terminal's simulator, through its in-process control (as the e2e test does; the app's has no control API over HTTP). */
const demoControl = () => services.demo.control();

const verify = (input: unknown) => data<TipCheckReport>(services, 'diagnostics:verifyTips', input);
const profileOf = async (id: string) => (await data<ProfileList>(services, 'profiles:list')).profiles.find((p) => p.id === id);
const journalOf = async (referenceId: string) => (await data<JournalPage>(services, 'journal:list', { referenceId })).entries;

describe('Verify this terminal on the demo terminal (runs at once)', () => {
  it('finds "Amount already includes the tip" on the default simulator, remembers it, and leaves the test sale voided', async () => {
    const report = await verify({ profileId: demo.id });
    expect(report).toMatchObject({
      finding: 'included',
      title: 'Amount already includes the tip on this terminal',
      remembered: 'included',
      voided: true,
      sale: { outcome: 'approved', amounts: { amount: 100, tip: 10, total: 100 } },
      statusAmounts: { amount: 100, tip: 10, total: 100 },
    });
    expect(report.explanation).toBe(
      'spin-desk sent Amount $1.00 with TipAmount $0.10, and it charged $1.00: it took the tip as part of Amount (Amount $1.00, tip $0.10, total $1.00).',
    );
    expect(report.steps.map((step) => [step.id, step.status])).toEqual([
      ['sale', 'ok'],
      ['status', 'ok'],
      ['void', 'ok'],
    ]);
    expect(report.referenceId).toMatch(/^TIPCHECK[A-Z0-9]+$/);
    expect(await profileOf(demo.id)).toMatchObject({ tipHandling: 'included', tipCheckedAt: report.finishedAt });
    // Through the journal like any payment: the Sale and its Void, both approved.
    const entries = await journalOf(report.referenceId);
    expect(entries.map((entry) => [entry.operation, entry.state])).toEqual([
      ['Void', 'approved'],
      ['Sale', 'approved'],
    ]);
    const state = (await demoControl()).getState(DEMO_TPN);
    expect(state.records.find((record) => record.ReferenceId === report.referenceId)?.Voided).toBe(true);
  });

  it('finds "adds the tip on top" once the demo simulator is switched, and the next sale sends Amount without the tip', async () => {
    (await demoControl()).setTipMode('on-top', DEMO_TPN);
    try {
      const report = await verify({ profileId: demo.id });
      expect(report).toMatchObject({
        finding: 'on-top',
        title: 'This terminal adds the tip on top of Amount',
        remembered: 'on-top',
        voided: true,
      });
      expect(report.sale?.amounts).toMatchObject({ amount: 110, tip: 10, total: 110 });
      expect(await profileOf(demo.id)).toMatchObject({ tipHandling: 'on-top' });
      const sale = await data<PaymentResult>(services, 'payments:sale', {
        profileId: demo.id,
        amountCents: 1500,
        tipCents: 500,
        referenceId: 'AFTERCHECK1',
      });
      expect(sale).toMatchObject({ outcome: 'approved', amounts: { amount: 2000, tip: 500, total: 2000 } });
      expect(sale.chargeCheck).toBeUndefined();
      expect((await journalOf('AFTERCHECK1'))[0]?.sentAmountCents).toBe(1500);
    } finally {
      (await demoControl()).setTipMode(null, DEMO_TPN);
    }
  });
});

describe('Verify this terminal where real cards may be charged', () => {
  it('refuses a custom-address terminal without the confirmed amount, naming the field; nothing is sent or journaled', async () => {
    const before = (await data<JournalPage>(services, 'journal:list', {})).total;
    for (const input of [{ profileId: counter.id }, { profileId: counter.id, confirmedCents: 100 }]) {
      const refused = await services.dispatch('diagnostics:verifyTips', input);
      expect(refused).toMatchObject({
        ok: false,
        error: {
          code: 'BAD_INPUT',
          fields: [{ path: 'confirmedCents', message: 'must be 110: confirm that up to $1.10 will be charged and voided' }],
        },
      });
    }
    expect((await data<JournalPage>(services, 'journal:list', {})).total).toBe(before);
    expect(sim.control.getState(TPN).records).toEqual([]);
  });

  it('needs the terminal named: a check that charges a card never goes to whichever is active', async () => {
    expect(await services.dispatch('diagnostics:verifyTips', {})).toMatchObject({
      ok: false,
      error: { code: 'BAD_INPUT', fields: [{ path: 'profileId' }] },
    });
    expect(await services.dispatch('diagnostics:verifyTips', { profileId: 'nope' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
  });

  it('refuses a Production terminal the same way before it reaches any network', async () => {
    const production = await data<ProfileView>(services, 'profiles:save', {
      name: 'Live',
      environment: 'production',
      tpn: 'LIVETPN0001',
      proxyTimeoutSeconds: 60,
    });
    const refused = await services.dispatch('diagnostics:verifyTips', { profileId: production.id });
    expect(refused.ok).toBe(false);
    if (!refused.ok)
      expect(refused.error.message).toBe(
        'Verifying "Live" charges a real card up to $1.10 and voids it at once. Confirm that amount first.',
      );
  });

  it('runs with the confirmed amount and finds "on top" on a terminal that adds it', async () => {
    sim.control.setTipMode('on-top', TPN);
    try {
      const report = await verify({ profileId: counter.id, confirmedCents: TIP_CHECK_MAX_CENTS });
      expect(report).toMatchObject({ finding: 'on-top', remembered: 'on-top', voided: true, tpn: TPN });
      expect(sim.control.getState(TPN).records).toMatchObject([
        { ReferenceId: report.referenceId, Voided: true, Amounts: { Amount: 1.1 } },
      ]);
    } finally {
      sim.control.setTipMode(null, TPN);
    }
  });

  it('cannot tell from a declined test sale: nothing charged, nothing to void, the remembered handling kept', async () => {
    sim.control.queueOutcome(TPN, { kind: 'decline' });
    const report = await verify({ profileId: counter.id, confirmedCents: TIP_CHECK_MAX_CENTS });
    expect(report).toMatchObject({
      finding: 'unclear',
      title: 'Could not tell how this terminal treats tips',
      remembered: null,
      voided: true,
      sale: { outcome: 'declined' },
    });
    expect(report.explanation).toMatch(/^The test sale was not approved \(1015 .*\)\. Nothing was charged\.$/);
    expect(report.steps.map((step) => step.status)).toEqual(['failed', 'skipped', 'skipped']);
    expect((await profileOf(counter.id))?.tipHandling).toBe('on-top');
  });

  it('says loudly when the Void did not go through: the test sale is still charged and must be voided by hand', async () => {
    refusedPaths = ['/Void'];
    const report = await verify({ profileId: counter.id, confirmedCents: TIP_CHECK_MAX_CENTS });
    expect(report).toMatchObject({ finding: 'included', voided: false });
    expect(report.voidProblem).toBe(
      `The test sale ${report.referenceId} ($1.00) is still charged: the Void did not go through (2201 Invalid request data).`,
    );
    expect(report.testSale).toEqual({
      referenceId: report.referenceId,
      amountCents: 100,
      fate: 'may-be-charged',
      words: `The $1.00 test sale ${report.referenceId} may be charged (the Void did not go through: 2201 Invalid request data): void it here.`,
      earlier: false,
    });
    expect(report.steps.at(-1)).toMatchObject({ id: 'void', status: 'failed' });
    expect(sim.control.getState(TPN).records).toMatchObject([{ ReferenceId: report.referenceId, Voided: false }]);
  });
});
