// A sale cancelled on the terminal is recorded and shown as canceled, never as declined (a manager
// reads "declined" as a refused card). First through the real browser host process on a data
// folder, whose demo terminal's practice panel makes the next sale a customer's cancel: the result,
// the journal on disk, History and its outcome filter, the CSV, the support bundle's counts, the
// batch check and Summary. Then through the app's services against a simulator terminal: the
// cashier's "Cancel on terminal", and a cancel whose answer was lost and was found by Status.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JournalCsv, JournalEntryView, JournalPage } from '@shared/ipc/journal-views';
import type { AbortResult } from '@shared/ipc/terminal-views';
import type { PaymentResult } from '@shared/ipc/payment-result-views';
import { openJournal } from '../../electron/services/journal/open-journal';
import { startSimulator, type RunningSimulator } from '../../simulator';
import { startFaultProxy, type FaultProxy } from '../fault/fault-proxy';
import { browserHosts, call, started, stopHost, type Host } from '../support/browser-host';
import { addTerminal, data, SENTINEL, startServices } from './diagnostics-kit';

/** The CSV's rows as records by column name (no cell of these rows holds a comma or a quote). */
function csvRecords(csv: string): Record<string, string>[] {
  const [head = '', ...rows] = csv.trim().split('\r\n');
  const columns = head.split(',');
  return rows.map((row) => Object.fromEntries(row.split(',').map((cell, index) => [columns[index], cell])));
}

const stateByRef = (entries: readonly Pick<JournalEntryView, 'referenceId' | 'state'>[]) =>
  Object.fromEntries(entries.map((entry) => [entry.referenceId, entry.state]));

describe('through the browser host, on the demo terminal', () => {
  const hosts = browserHosts();
  let dataDir = '';

  async function payFor(host: Host, behaviour: 'cancel' | 'decline' | 'approve', referenceId: string, amountCents: number) {
    expect(await call(host, 'demo:setNext', { behaviour })).toMatchObject({ ok: true });
    return call(host, 'payments:sale', { referenceId, amountCents, getReceipt: 'No' });
  }

  it('records, lists, filters, exports and counts a customer cancel as canceled, and counts no money for it', async () => {
    dataDir = hosts.folder('canceled-host-');
    const host = started(await hosts.start(dataDir));

    const canceled = await payFor(host, 'cancel', 'HOSTCANCEL1', 2500);
    expect(canceled).toMatchObject({ ok: true, data: { outcome: 'canceled', statusCode: '1012', referenceId: 'HOSTCANCEL1' } });
    expect(await payFor(host, 'decline', 'HOSTDECLINE1', 1015)).toMatchObject({
      ok: true,
      data: { outcome: 'declined', statusCode: '1015' },
    });
    expect(await payFor(host, 'approve', 'HOSTAPPROVE1', 1234)).toMatchObject({ ok: true, data: { outcome: 'approved' } });

    // History: each in its own outcome, and the outcome filter tells a cancel from a decline.
    const all = (await call(host, 'journal:list', {})).data as unknown as JournalPage;
    expect(stateByRef(all.entries)).toEqual({ HOSTCANCEL1: 'canceled', HOSTDECLINE1: 'declined', HOSTAPPROVE1: 'approved' });
    const only = async (state: string) =>
      ((await call(host, 'journal:list', { state })).data as unknown as JournalPage).entries.map((entry) => entry.referenceId);
    expect(await only('canceled')).toEqual(['HOSTCANCEL1']);
    expect(await only('declined')).toEqual(['HOSTDECLINE1']);

    // The CSV says canceled, with the amount asked for in its own column and 0 in every money column (issue 36).
    const csv = (await call(host, 'journal:exportCsv', {})).data as unknown as JournalCsv;
    const rows = csvRecords(csv.csv);
    expect(rows.map((row) => [row.reference_id, row.state])).toEqual([
      ['HOSTAPPROVE1', 'approved'],
      ['HOSTDECLINE1', 'declined'],
      ['HOSTCANCEL1', 'canceled'],
    ]);
    expect(rows.find((row) => row.reference_id === 'HOSTCANCEL1')).toMatchObject({
      requested_amount: '25.00',
      amount: '0.00',
      total: '0.00',
      status_code: '1012',
      approved_amount: '',
      terminal_total: '',
    });
    const filtered = csvRecords(((await call(host, 'journal:exportCsv', { state: 'canceled' })).data as unknown as JournalCsv).csv);
    expect(filtered.map((row) => row.reference_id)).toEqual(['HOSTCANCEL1']);

    // The support bundle counts it as canceled.
    const bundle = (await call(host, 'diagnostics:bundle', {})).data as unknown as { json: string };
    expect(JSON.parse(bundle.json).journal).toMatchObject({ total: 3, byState: { approved: 1, declined: 1, canceled: 1 } });

    // No money moved: the batch check expects only the approval, and the terminal's Summary has only it.
    const check = await call(host, 'batch:reconcile', {});
    expect(check).toMatchObject({
      ok: true,
      data: { journalApprovals: 1, matched: 1, missingFromBatch: [], notFromThisPc: [], totals: { journalCents: 1234, batchCents: 1234 } },
    });
    const summary = (await call(host, 'reports:summary', {})).data as unknown as {
      applications: { totals: { count: number; total: number } }[];
    };
    expect(summary.applications.map((application) => application.totals)).toEqual([expect.objectContaining({ count: 1, total: 1234 })]);

    // The journal on disk, as the next start reads it: the outcome line itself says canceled.
    await stopHost(host.child, 'SIGTERM');
    const journal = openJournal(dataDir);
    try {
      const outcomes = journal.lines().flatMap((line) => (line.t === 'outcome' ? [line.result] : []));
      expect(outcomes).toEqual(['canceled', 'declined', 'approved']);
    } finally {
      await journal.close();
    }
  }, 60_000);
});

describe('through the services, on a simulator terminal', () => {
  const TPN = 'CANCELSIM01';
  let sim: RunningSimulator;
  let proxy: FaultProxy;
  /** Sales whose answer the proxy breaks after the simulator carried them out. */
  const lose = new Set<string>();
  let services: Awaited<ReturnType<typeof startServices>>;
  let profileId = '';

  beforeAll(async () => {
    sim = await startSimulator({ port: 0, terminals: [{ tpn: TPN, authkey: SENTINEL }], processingDelayMs: 0, seed: 24 });
    proxy = await startFaultProxy(sim.url, (request) =>
      request.endpoint === 'Sale' && lose.has(request.referenceId) ? { fault: 'reset', cutBytes: 10 } : null,
    );
    services = await startServices();
    profileId = (await addTerminal(services, 'Counter', proxy.url, TPN)).id;
    await data(services, 'profiles:select', { id: profileId });
  });
  afterAll(async () => {
    await services?.close();
    await proxy?.close();
    await sim?.close();
  });

  const isBusy = () => sim.control.listTerminals().find((terminal) => terminal.tpn === TPN)?.busy;
  const entryOf = async (referenceId: string) =>
    (await data<JournalPage>(services, 'journal:list', { referenceId })).entries.find((entry) => entry.referenceId === referenceId);

  it("the cashier's Cancel on terminal ends the sale canceled, and History finds it as canceled", async () => {
    // 20.07: the simulated customer never acts, so the sale waits until it is cancelled.
    const sale = data<PaymentResult>(services, 'payments:sale', { profileId, amountCents: 2007, referenceId: 'CASHIERCAN1' });
    await expect.poll(isBusy).toBe(true);
    expect(await data<AbortResult>(services, 'terminal:abort', { profileId })).toMatchObject({ sent: true, referenceId: 'CASHIERCAN1' });
    expect(await sale).toMatchObject({ outcome: 'canceled', statusCode: '1012' });
    expect(await entryOf('CASHIERCAN1')).toMatchObject({ state: 'canceled', outcome: { statusCode: '1012' } });
    const canceled = await data<JournalPage>(services, 'journal:list', { state: 'canceled' });
    expect(canceled.entries.map((entry) => entry.referenceId)).toContain('CASHIERCAN1');
    expect(sim.control.getState(TPN).records.filter((record) => record.ReferenceId === 'CASHIERCAN1')).toEqual([]);
  });

  it('a cancel whose answer was lost is found by Status as canceled, not declined', async () => {
    lose.add('LOSTCANCEL1');
    sim.control.queueOutcome(TPN, { kind: 'cancel' });
    const result = await data<PaymentResult>(services, 'payments:sale', { profileId, amountCents: 3100, referenceId: 'LOSTCANCEL1' });
    expect(result).toMatchObject({ outcome: 'canceled', statusCode: '1012', recovery: { how: 'status-lookup' } });
    expect(proxy.count('Sale', 'LOSTCANCEL1')).toBe(1);
    expect(proxy.count('Status', 'LOSTCANCEL1')).toBeGreaterThan(0);
    expect(await entryOf('LOSTCANCEL1')).toMatchObject({ state: 'canceled', outcome: { recovery: { how: 'status-lookup' } } });
    const csv = await data<JournalCsv>(services, 'journal:exportCsv', { referenceId: 'LOSTCANCEL1' });
    expect(csvRecords(csv.csv)).toEqual([
      expect.objectContaining({ state: 'canceled', recovered_by: 'status-lookup', approved_amount: '' }),
    ]);
  });
});
