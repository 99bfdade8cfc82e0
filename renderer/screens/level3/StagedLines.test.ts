import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callsTo, installFakeTransport } from '../../test-support/fake-transport';
import { expectFieldError } from '../../test-support/field-error';
import { profileView } from '../../test-support/fixtures';
import { polyfillDialog } from '../../test-support/jsdom-dialog';
import { emptyTarget } from './level3-forms';
import { level3 } from './level3-state.svelte';
import StagedLines from './StagedLines.svelte';

// The Level 3 lines on the terminal: the count it reports, the lines added from here, and removing
// one by number or all after a confirmation.

beforeAll(polyfillDialog);

beforeEach(() => {
  level3.request.reset();
  level3.target = { ...emptyTarget(), authCode: 'A1B2C3', referenceId: 'REF1' };
  level3.targetErrors = {};
  level3.authCode = 'A1B2C3';
  level3.lineItemCount = 2;
  level3.staged = [
    { number: 1, description: 'Bolts', totalCents: 2500 },
    { number: 2, description: 'Nuts' },
  ];
});

/** A terminal holding `count` lines for the auth code. */
function terminalHolding(count: number) {
  return installFakeTransport({
    'lineitems:remove': (input) => ({
      authCode: input.authCode,
      referenceId: input.referenceId,
      lineItemCount: input.lineItemNumber === undefined ? 0 : (count -= 1),
    }),
  });
}

describe('Level 3 lines on the terminal', () => {
  it('before anything is added, says the terminal will report its count', () => {
    level3.authCode = null;
    level3.staged = [];
    render(StagedLines, { profile: profileView() });
    expect(screen.getByText('Nothing added yet. The terminal reports how many lines it holds after each change.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the count for the auth code and each line added, with its total', () => {
    render(StagedLines, { profile: profileView() });
    expect(screen.getByRole('status').textContent?.replace(/\s+/g, ' ').trim()).toBe('Line item count for auth code A1B2C3: 2');
    const rows = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('td')].slice(0, 3).map((td) => td.textContent));
    expect(rows).toEqual([
      ['1', 'Bolts', '$25.00'],
      ['2', 'Nuts', '—'],
    ]);
  });

  it('names the missing line number at its field and sends nothing', async () => {
    const calls = terminalHolding(2);
    render(StagedLines, { profile: profileView() });
    await fireEvent.click(screen.getByRole('button', { name: 'Remove line' }));
    expectFieldError('Line number', 'Enter the number of the line to remove');
    expect(callsTo(calls, 'lineitems:remove')).toEqual([]);
  });

  it('removes a line by its number; the lines after it move up', async () => {
    const calls = terminalHolding(2);
    render(StagedLines, { profile: profileView() });
    await fireEvent.click(screen.getByRole('button', { name: 'Remove line 1' }));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    expect(screen.getAllByRole('row')[1]?.textContent).toMatch(/^1Nuts/);
    expect(callsTo(calls, 'lineitems:remove')[0]?.input).toMatchObject({ authCode: 'A1B2C3', referenceId: 'REF1', lineItemNumber: 1 });
  });

  it('Remove all lines asks first, naming the auth code; Cancel sends nothing, confirming empties the list', async () => {
    const calls = terminalHolding(2);
    render(StagedLines, { profile: profileView() });
    await fireEvent.click(screen.getByRole('button', { name: 'Remove all lines' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove every line?' });
    expect(dialog.textContent).toContain('All Level 3 lines staged for auth code A1B2C3 are removed from the terminal.');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(calls, 'lineitems:remove')).toEqual([]);

    await fireEvent.click(screen.getByRole('button', { name: 'Remove all lines' }));
    await fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove all lines' }));
    await waitFor(() => expect(screen.queryByRole('table')).toBeNull());
    // No line number: RemoveLevel3Item without LineItemNumber removes them all.
    const sent = callsTo(calls, 'lineitems:remove')[0]?.input as { authCode: string; lineItemNumber?: number };
    expect([sent.authCode, sent.lineItemNumber]).toEqual(['A1B2C3', undefined]);
  });
});
