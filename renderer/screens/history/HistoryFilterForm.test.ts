import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import type { JournalFilter } from '@shared/ipc/journal-views';
import { control, expectFieldError, expectNoFieldError } from '../../test-support/field-error';
import { profiles } from '../../state/profiles.svelte';
import { profileView } from '../../test-support/fixtures';
import FilterFormHarness from './test-harness/FilterFormHarness.svelte';
import { checkHistoryFilter, EMPTY_HISTORY_FILTER, localDayStart, type HistoryFilterFields } from './history-filter';

let applied: JournalFilter[];
let cleared: number;

function renderForm(initial: Partial<HistoryFilterFields> = {}): void {
  applied = [];
  cleared = 0;
  render(FilterFormHarness, { initial, onapply: (filter: JournalFilter) => applied.push(filter), onclear: () => (cleared += 1) });
}

const type = (label: string | RegExp, value: string) => fireEvent.input(control(label), { target: { value } });
const search = () => fireEvent.click(screen.getByRole('button', { name: 'Search' }));

beforeEach(() => {
  profiles.apply({
    profiles: [
      profileView(),
      profileView({ id: 'p2', name: 'Back office', tpn: 'Z8SIM0000001' }),
      profileView({ id: 'p3', name: 'Bar', tpn: 'Z8SIM0000002' }),
    ],
    activeId: 'p1',
  });
});

describe('history filter form', () => {
  it('applies only the filters that are set, on Enter', async () => {
    renderForm();
    await type('Reference contains', '  sd12 ');
    await fireEvent.submit(control('Reference contains').form!);
    expect(applied).toEqual([{ referenceId: 'sd12' }]);
  });

  it('requires exactly 4 digits for the last 4, at the field', async () => {
    renderForm();
    for (const wrong of ['123', '12a4']) {
      await type('Card last 4', wrong);
      await search();
      expectFieldError('Card last 4', 'Must be exactly 4 digits');
      expect(document.activeElement).toBe(control('Card last 4'));
    }
    expect(applied).toEqual([]);
    await type('Card last 4', '0119');
    await search();
    expectNoFieldError('Card last 4');
    expect(applied).toEqual([{ last4: '0119' }]);
  });

  it('reads the amount as money and sends cents', async () => {
    renderForm();
    await type(/^Amount/, '12.5');
    await search();
    expect(applied).toEqual([{ amountCents: 1250 }]);
    expect(control(/^Amount/).value).toBe('$12.50');

    await type(/^Amount/, '12.345');
    await search();
    expect(control(/^Amount/).getAttribute('aria-invalid')).toBe('true');
    expect(applied).toHaveLength(1);
  });

  it('refuses a date range that ends before it starts, and takes whole local days', async () => {
    renderForm();
    await type(/^From/, '2026-02-10');
    await type(/^To/, '2026-02-01');
    await search();
    expectFieldError(/^To/, 'Must be on or after the From date');
    expect(applied).toEqual([]);

    await type(/^To/, '2026-02-10');
    await search();
    expectNoFieldError(/^To/);
    expect(applied).toEqual([{ from: new Date(2026, 1, 10).toISOString(), to: new Date(2026, 1, 11).toISOString() }]);
  });

  it('offers Canceled as an outcome of its own, apart from Declined', async () => {
    renderForm();
    const outcomes = [...(control('Outcome') as unknown as HTMLSelectElement).options].map((option) => [option.value, option.textContent]);
    expect(outcomes).toContainEqual(['canceled', 'Canceled']);
    expect(outcomes).toContainEqual(['declined', 'Declined']);
    await fireEvent.change(control('Outcome'), { target: { value: 'canceled' } });
    expect(applied).toEqual([{ state: 'canceled' }]);
  });

  it('applies an outcome or terminal as soon as it is picked, one choice per TPN', async () => {
    renderForm();
    await fireEvent.change(control('Outcome'), { target: { value: 'declined' } });
    expect(applied).toEqual([{ state: 'declined' }]);
    const terminals = [...(control('Terminal') as unknown as HTMLSelectElement).options].map((option) => option.textContent);
    expect(terminals).toEqual(['Any terminal', 'Front counter, Back office (TPN Z8SIM0000001)', 'Bar (TPN Z8SIM0000002)']);
    await fireEvent.change(control('Terminal'), { target: { value: 'Z8SIM0000002' } });
    expect(applied.at(-1)).toEqual({ state: 'declined', tpn: 'Z8SIM0000002' });
  });

  it('clears every field and its errors', async () => {
    renderForm({ referenceId: 'abc', last4: '12' });
    await type(/^Amount/, 'five');
    await search();
    expectFieldError('Card last 4', /4 digits/);
    await fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(cleared).toBe(1);
    expectNoFieldError('Card last 4');
    await waitFor(() => expect(control('Reference contains').value).toBe(''));
    expect(control('Card last 4').value).toBe('');
    expect(control(/^Amount/).value).toBe('');
  });
});

describe('checkHistoryFilter', () => {
  it('turns local calendar days into instants, the To day included', () => {
    expect(localDayStart('2026-03-01')).toBe(new Date(2026, 2, 1).toISOString());
    expect(localDayStart('2026-02-28', 1)).toBe(new Date(2026, 2, 1).toISOString());
    expect(localDayStart('2026-02-30')).toBeUndefined();
    expect(localDayStart('31/01/2026')).toBeUndefined();
  });

  it('accepts a one-day range and an empty form', () => {
    expect(checkHistoryFilter({ ...EMPTY_HISTORY_FILTER, from: '2026-01-31', to: '2026-01-31' }).ok).toBe(true);
    expect(checkHistoryFilter({ ...EMPTY_HISTORY_FILTER })).toEqual({ ok: true, value: {} });
  });
});
