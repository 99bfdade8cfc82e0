import { render, screen, within } from '@testing-library/svelte';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { StoreRow } from '@shared/ipc/store-views';
import { callsTo, installFakeTransport } from '../../test-support/fake-transport';
import { profileView } from '../../test-support/fixtures';
import { polyfillDialog } from '../../test-support/jsdom-dialog';
import { profiles } from '../../state/profiles.svelte';
import StoreScreen from './StoreScreen.svelte';
import { storeRows } from './store-rows.svelte';

// The Store screen against a fake main process: which terminals it asks what. The active terminal's
// state comes from the header's own poll, so the screen never asks it a second time; a row whose
// figures are stale is read once; the others are not read at all.

function storeRow(n: number, extra: Partial<StoreRow> = {}): StoreRow {
  return {
    profileId: `p${n}`,
    name: `Lane ${n}`,
    tpn: `Z8SIM000000${n}`,
    environment: 'custom',
    merchantNumber: null,
    hasAuthkey: true,
    waiting: null,
    lookingUp: [],
    batch: null,
    batchStale: false,
    lastSettle: null,
    ...extra,
  };
}

const rows = [
  storeRow(1),
  storeRow(2, { batchStale: true }),
  storeRow(3, { hasAuthkey: false }),
  // Stale too, but this PC waits on a sale there: its figures are read once that has ended.
  storeRow(4, {
    batchStale: true,
    waiting: { operation: 'Sale', referenceId: 'SDWAIT1', since: new Date(Date.now() - 125_000).toISOString() },
  }),
];

beforeAll(polyfillDialog);
afterEach(() => {
  storeRows.overview = null;
});

describe('the Store screen', () => {
  it('asks TerminalStatus of every other terminal with an Authkey, reads a stale row once unless this PC waits there, and says what waits', async () => {
    const calls = installFakeTransport({
      'store:overview': () => ({ rows, at: new Date().toISOString() }),
      'store:refresh': ({ profileId }) => ({
        ...(rows.find((row) => row.profileId === profileId) as StoreRow),
        batchStale: false,
        batch: { count: 4, totalCents: 1234, fetchedAt: new Date().toISOString() },
      }),
      'terminal:status': (input) => ({ profileId: input?.profileId ?? null, state: 'online', detail: '' }),
    });
    profiles.apply({ profiles: rows.map((row) => profileView({ id: row.profileId, name: row.name, tpn: row.tpn })), activeId: 'p1' });
    render(StoreScreen);
    const lane2 = await screen.findByRole('listitem', { name: 'Lane 2' });
    await within(lane2).findByText('4 · $12.34');
    expect((await screen.findByRole('listitem', { name: 'Lane 4' })).textContent).toContain('Sale SDWAIT1 for 2 min');
    expect(callsTo(calls, 'store:refresh').map((call) => call.input)).toEqual([{ profileId: 'p2' }]);
    expect(callsTo(calls, 'terminal:status').map((call) => call.input)).toEqual([{ profileId: 'p2' }, { profileId: 'p4' }]);
    expect((await screen.findByRole('listitem', { name: 'Lane 3' })).textContent).toContain('No Authkey');
  });

  it('calls a sale in flight "Waiting for the customer", in neutral words, and only a lost answer "Being looked up"', async () => {
    const since = new Date(Date.now() - 3_000).toISOString();
    const waitingRows = [
      storeRow(1),
      storeRow(2, { waiting: { operation: 'Sale', referenceId: 'SDWAIT2', since } }),
      storeRow(3, {
        lookingUp: [{ referenceId: 'SDLOST3', operation: 'Sale', amountCents: 990, since }],
        lastSettle: { at: since, referenceId: 'SDSET3', totalCents: null, batchNumbers: [], totalsKnown: false },
      }),
    ];
    installFakeTransport({
      'store:overview': () => ({ rows: waitingRows, at: new Date().toISOString() }),
      'terminal:status': (input) => ({ profileId: input?.profileId ?? null, state: 'online', detail: '' }),
    });
    profiles.apply({
      profiles: waitingRows.map((row) => profileView({ id: row.profileId, name: row.name, tpn: row.tpn })),
      activeId: 'p1',
    });
    render(StoreScreen);
    const facts = async (name: string) => {
      const item = await screen.findByRole('listitem', { name });
      return Object.fromEntries(
        [...item.querySelectorAll('dt')].map((dt) => [dt.textContent?.trim(), dt.nextElementSibling as HTMLElement]),
      );
    };
    const waiting = await facts('Lane 2');
    expect(waiting['Waiting for the customer']?.textContent).toMatch(/Sale SDWAIT2 for \d+ s/);
    expect(waiting['Waiting for the customer']?.classList.contains('warn')).toBe(false);
    expect(waiting['Being looked up']?.textContent).toBe('None');
    const lost = await facts('Lane 3');
    expect(lost['Being looked up']?.textContent).toContain('SDLOST3');
    expect(lost['Being looked up']?.classList.contains('warn')).toBe(true);
    // A close learned from a lookup with no totals: said so, not "$0.00" or a bare dash.
    expect(lost['Last settlement']?.textContent).toContain('totals not known');
  });

  it('reads TerminalStatus NotFound as "Not found" and Offline as "Offline", with when it was checked', async () => {
    const checkedAt = new Date(2026, 0, 31, 14, 5, 9).toISOString();
    installFakeTransport({
      'store:overview': () => ({ rows: [storeRow(1), storeRow(2), storeRow(5)], at: new Date().toISOString() }),
      'terminal:status': (input) =>
        input?.profileId === 'p2'
          ? { profileId: 'p2', state: 'refused', statusCode: '2003', detail: 'The service does not know this TPN.', at: checkedAt }
          : { profileId: input?.profileId ?? null, state: 'offline', statusCode: '2001', detail: 'Not connected.', at: checkedAt },
    });
    profiles.apply({
      profiles: [1, 2, 5].map((n) => profileView({ id: `p${n}`, name: `Lane ${n}`, tpn: `Z8SIM000000${n}` })),
      activeId: 'p1',
    });
    render(StoreScreen);
    const when = new Date(checkedAt).toLocaleTimeString();
    await within(await screen.findByRole('listitem', { name: 'Lane 2' })).findByText('Not found');
    expect((await screen.findByRole('listitem', { name: 'Lane 2' })).textContent).toContain(when);
    await within(await screen.findByRole('listitem', { name: 'Lane 5' })).findByText('Offline');
  });
});
