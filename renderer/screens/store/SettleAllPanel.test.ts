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
    { profileId: 'p1', name: 'Lane 1', tpn: 'Z8SIM0000001', phase: 'done', result: result('settled'), error: null },
    {
      profileId: 'p2',
      name: 'Lane 2',
      tpn: 'Z8SIM0000002',
      phase: 'done',
      result: result('partial', { explanation: 'Only part of the batch closed.', remedy: 'Settle Lane 2 again.' }),
      error: null,
    },
    {
      profileId: 'p3',
      name: 'Lane 3',
      tpn: 'Z8SIM0000003',
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
