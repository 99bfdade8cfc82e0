import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SettleResult } from '@shared/ipc/report-views';
import type { SettleAllReport, SettlePlan, SettlePlanRow } from '@shared/ipc/store-views';
import { callsTo, installFakeTransport, type RecordedCall } from '../../test-support/fake-transport';
import { polyfillDialog } from '../../test-support/jsdom-dialog';
import SettleAllPanel from './SettleAllPanel.svelte';
import { settleAll } from './settle-all.svelte';

// Settle all's confirmation and its end, against a fake main process: the same Settle options as
// one terminal's Settle (the chosen type goes to every terminal), and every terminal the run did
// not close (failed, partly closed, left out) named with what to do.

function planRow(n: number, extra: Partial<SettlePlanRow> = {}): SettlePlanRow {
  return {
    profileId: `p${n}`,
    name: `Lane ${n}`,
    tpn: `Z8SIM000000${n}`,
    merchantNumber: null,
    openCount: 2,
    openTotalCents: 1500,
    skip: null,
    reason: '',
    ...extra,
  };
}

const plan: SettlePlan = {
  terminals: [
    planRow(1, { merchantNumber: 2 }),
    planRow(2),
    planRow(3),
    planRow(4, { skip: 'offline', reason: 'The terminal did not answer.', openCount: null, openTotalCents: null }),
  ],
};

function result(outcome: SettleResult['outcome'], extra: Partial<SettleResult> = {}): SettleResult {
  return {
    outcome,
    statusCode: '0000',
    message: '',
    explanation: 'Closed.',
    remedy: 'Nothing to do.',
    referenceId: 'SDREF',
    settlementType: 'Force',
    tpn: 'Z8SIM0000001',
    settledAt: '2026-01-31T22:00:00.000Z',
    details: [],
    ...extra,
  };
}

const finished: SettleAllReport = {
  startedAt: '2026-01-31T22:00:00.000Z',
  finishedAt: '2026-01-31T22:00:05.000Z',
  terminals: [
    { profileId: 'p1', name: 'Lane 1', tpn: 'Z8SIM0000001', merchantNumber: 2, phase: 'done', result: result('settled'), error: null },
    {
      profileId: 'p2',
      name: 'Lane 2',
      tpn: 'Z8SIM0000002',
      merchantNumber: null,
      phase: 'done',
      result: result('partial', { explanation: 'Only part of the batch closed.', remedy: 'Settle Lane 2 again.' }),
      error: null,
    },
    {
      profileId: 'p3',
      name: 'Lane 3',
      tpn: 'Z8SIM0000003',
      merchantNumber: null,
      phase: 'failed',
      result: null,
      error: { code: 'TIMEOUT', message: 'No answer.', remedy: 'Look it up before settling again.' },
    },
  ],
};

const dialog = () => screen.getByRole('dialog', { hidden: true });
let calls: RecordedCall[];

beforeAll(polyfillDialog);
beforeEach(() => {
  settleAll.clear();
  calls = installFakeTransport({
    'store:settlePlan': () => plan,
    'store:settleAll': () => finished,
    'store:settleAllProgress': () => null,
    'store:overview': () => ({ rows: [], at: new Date().toISOString() }),
  });
});

describe('Settle all', { timeout: 15_000 }, () => {
  it('offers Close, Clear and Force like one terminal’s Settle, and sends the chosen type to every terminal', async () => {
    render(SettleAllPanel);
    await settleAll.prepare();
    await screen.findByRole('dialog', { hidden: true });
    expect(within(dialog()).getByRole('button', { name: 'Settle 3 now' })).toBeTruthy();
    await fireEvent.click(within(dialog()).getByLabelText(/Force/));
    expect(within(dialog()).getByRole('alert').textContent).toMatch(/tips are missing/);
    await fireEvent.click(within(dialog()).getByRole('button', { name: 'Force 3 closes' }));
    await screen.findByRole('button', { name: 'Close Settle all' });
    const sent = callsTo(calls, 'store:settleAll');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.input).toMatchObject({ settlementType: 'Force' });
    expect((sent[0]?.input as { terminals: { profileId: string }[] }).terminals.map((t) => t.profileId)).toEqual(['p1', 'p2', 'p3']);
  });

  it('starts each confirmation at a normal close', async () => {
    settleAll.type = 'Clear';
    render(SettleAllPanel);
    await settleAll.prepare();
    await screen.findByRole('dialog', { hidden: true });
    expect(settleAll.type).toBe('Close');
    expect(within(dialog()).getByRole('button', { name: 'Settle 3 now' })).toBeTruthy();
  });

  it('names every terminal it did not close, a partly closed one too, with what to do', async () => {
    render(SettleAllPanel);
    await settleAll.prepare();
    await screen.findByRole('dialog', { hidden: true });
    await fireEvent.click(within(dialog()).getByRole('button', { name: 'Settle 3 now' }));
    const notice = await screen.findByRole('alert');
    const items = within(notice)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      'Lane 2: Only part of the batch closed. What to do: Settle Lane 2 again.',
      'Lane 3: No answer. What to do: Look it up before settling again.',
      'Lane 4: The terminal did not answer. What to do: Check that it is switched on and connected, then settle it on its own.',
    ]);
  });
});

describe('Settle all on a store with a multi-merchant terminal and a lost answer (issue 36)', { timeout: 15_000 }, () => {
  // Two merchant profiles on one TPN, both named "Front"; a third terminal with nothing open.
  const front = (merchantNumber: number) =>
    planRow(merchantNumber, { profileId: `m${merchantNumber}`, name: 'Front', tpn: 'Z8SIM0000001', merchantNumber });
  const storePlan: SettlePlan = {
    terminals: [
      front(1),
      front(2),
      planRow(3, {
        name: 'Patio',
        skip: 'nothing-open',
        reason: 'Nothing open: no transactions since the last settlement.',
        openCount: 0,
        openTotalCents: 0,
      }),
    ],
  };
  const row = (profileId: string, merchantNumber: number | null, extra: Partial<SettleAllReport['terminals'][number]>) => ({
    profileId,
    name: 'Front',
    tpn: 'Z8SIM0000001',
    merchantNumber,
    phase: 'waiting' as const,
    result: null,
    error: null,
    ...extra,
  });

  it('lists both merchants of one terminal, and says why a terminal is skipped once', async () => {
    installFakeTransport({ 'store:settlePlan': () => storePlan });
    render(SettleAllPanel);
    await settleAll.prepare();
    await screen.findByRole('dialog', { hidden: true });
    const rows = within(dialog())
      .getAllByRole('row')
      .map((tr) => tr.textContent ?? '');
    expect(rows.filter((text) => text.startsWith('Front (merchant 1)'))).toHaveLength(1);
    expect(rows.filter((text) => text.startsWith('Front (merchant 2)'))).toHaveLength(1);
    const patio = rows.find((text) => text.startsWith('Patio')) ?? '';
    expect(patio).toContain('Skipped: Nothing open: no transactions since the last settlement.');
    expect(patio.match(/Nothing open/g)).toHaveLength(1);
  });

  it('shows each terminal’s result as it ends, and ends with one still being looked up in the background', async () => {
    const progress: SettleAllReport = {
      startedAt: '2026-01-31T22:00:00.000Z',
      finishedAt: null,
      terminals: [row('m1', 1, { phase: 'done', result: result('settled', { referenceId: 'SDM1' }) }), row('m2', 2, { phase: 'settling' })],
    };
    let finish: (report: SettleAllReport) => void = () => undefined;
    installFakeTransport({
      'store:settlePlan': () => ({ terminals: [front(1), front(2)] }),
      'store:settleAllProgress': () => progress,
      'store:settleAll': () => new Promise<SettleAllReport>((resolve) => (finish = resolve)),
      'store:overview': () => ({ rows: [], at: new Date().toISOString() }),
    });
    render(SettleAllPanel);
    await settleAll.prepare();
    await screen.findByRole('dialog', { hidden: true });
    await fireEvent.click(within(dialog()).getByRole('button', { name: 'Settle 2 now' }));
    // While the run goes on, merchant 1's settlement is already shown.
    await screen.findByRole('region', { name: 'Settlement of Front (merchant 1)' });
    expect(screen.getByRole('list', { name: 'Progress, terminal by terminal' }).textContent).toContain('Front (merchant 2): Settling…');
    finish({
      ...progress,
      finishedAt: '2026-01-31T22:00:09.000Z',
      terminals: [progress.terminals[0] as SettleAllReport['terminals'][number], row('m2', 2, { phase: 'looking-up' })],
    });
    await screen.findByRole('button', { name: 'Close Settle all' });
    const progressList = screen.getByRole('list', { name: 'Progress, terminal by terminal' });
    expect(progressList.textContent).toContain(
      'Front (merchant 2): Still being looked up: the result will appear in History and in the store report',
    );
  });

  it('says "settled, totals not known" for a close learned from a lookup with no totals, and where recovered totals come from', async () => {
    const recovery = { how: 'status-lookup' as const, reason: 'the service answered HTTP 500' };
    const done: SettleAllReport = {
      startedAt: '2026-01-31T22:00:00.000Z',
      finishedAt: '2026-01-31T22:00:09.000Z',
      terminals: [
        row('m1', 1, { phase: 'done', result: result('settled', { recovery, totalsKnown: false }) }),
        row('m2', 2, {
          phase: 'done',
          result: result('settled', { recovery, totalsKnown: true, totalsFrom: 'batch-read-before-close' }),
        }),
      ],
    };
    installFakeTransport({
      'store:settlePlan': () => ({ terminals: [front(1), front(2)] }),
      'store:settleAllProgress': () => null,
      'store:settleAll': () => done,
      'store:overview': () => ({ rows: [], at: new Date().toISOString() }),
    });
    render(SettleAllPanel);
    await settleAll.prepare();
    await screen.findByRole('dialog', { hidden: true });
    await fireEvent.click(within(dialog()).getByRole('button', { name: 'Settle 2 now' }));
    const unknown = await screen.findByRole('region', { name: 'Settlement of Front (merchant 1)' });
    expect(unknown.textContent).toContain('Settled, totals not known');
    expect(unknown.textContent).not.toContain('$0.00');
    const fromBatch = screen.getByRole('region', { name: 'Settlement of Front (merchant 2)' });
    expect(fromBatch.textContent).toContain('as read just before the close');
  });
});
