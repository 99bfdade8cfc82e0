// Issue 41, items 2 and 3: a terminal's row on the Store screen in Spanish. Its words, its buttons'
// names, what waits on it and its last settlement read in Spanish; money goes through Intl and the
// settlement's date is day first.
import { render, screen, within } from '@testing-library/svelte';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoreRow } from '@shared/ipc/store-views';
import { formatDateTime } from '@shared/i18n/format';
import { appLanguage } from '../../lib/i18n/language.svelte';
import StoreTerminalRow from './StoreTerminalRow.svelte';

const settledAt = '2026-01-31T12:10:00.000Z'; // Midday: the 31st in any time zone a store is in.
const now = Date.parse('2026-02-01T10:00:00.000Z');

const row: StoreRow = {
  profileId: 'p2',
  name: 'Caja 2',
  tpn: 'Z8SIM0000002',
  environment: 'custom',
  merchantNumber: 2,
  hasAuthkey: true,
  waiting: { operation: 'Sale', referenceId: 'SDWAIT1', since: new Date(now - 125_000).toISOString() },
  lookingUp: [],
  batch: { count: 1204, totalCents: 123_456, fetchedAt: '2026-02-01T09:59:00.000Z' },
  batchStale: false,
  lastSettle: { at: settledAt, referenceId: 'S1', totalCents: 98_765, batchNumbers: ['12'] },
};

const noop = () => undefined;

beforeEach(() => appLanguage.show('es-US'));
afterEach(() => appLanguage.show('en'));

describe('a Store row in Spanish', { timeout: 15_000 }, () => {
  it('words the row, its buttons and figures in Spanish, money by Intl and the settlement day first', () => {
    render(StoreTerminalRow, {
      row,
      status: { profileId: 'p2', state: 'online', detail: '', at: '2026-02-01T09:59:30.000Z' },
      active: true,
      canSelect: true,
      refreshing: false,
      refreshError: undefined,
      now,
      onuse: noop,
      oncheck: noop,
      onreports: noop,
      onsettle: noop,
      onrefresh: noop,
    });
    const card = screen.getByRole('listitem', { name: 'Caja 2' });
    const text = card.textContent?.replace(/\s+/g, ' ') ?? '';
    const words = ['Comercio 2', 'En uso para ventas', 'En línea', 'Esperando al cliente', 'Sale SDWAIT1 desde hace 2 min'];
    for (const word of words) expect(text).toContain(word);
    // Counts and money through Intl in Spanish (es-US groups with a comma, like the US).
    expect(text).toContain('1,204 · $1,234.56');
    const settled = formatDateTime(settledAt, 'es-US');
    expect(text).toContain(`Última liquidación ${settled} · $987.65 · lote 12`);
    expect(settled).toMatch(/^31\/1\/2026/);
    expect(within(card).getByRole('button', { name: 'Usar para ventas: Caja 2' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Liquidar: Caja 2' })).toBeTruthy();
  });
});
