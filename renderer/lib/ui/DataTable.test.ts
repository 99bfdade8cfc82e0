import { render, screen, within } from '@testing-library/svelte';
import { createRawSnippet } from 'svelte';
import { describe, expect, it } from 'vitest';
import DataTable from './DataTable.svelte';

const head = createRawSnippet(() => ({ render: () => '<th scope="col">Time</th>' }));
const rows = createRawSnippet(() => ({ render: () => '<tr><td>10:02</td></tr>' }));

describe('Data table', () => {
  it('is named by its caption, with the caller’s header cells in one header row and its rows in the body', () => {
    render(DataTable, { caption: 'Payments today', head, children: rows });
    const table = screen.getByRole('table', { name: 'Payments today' });
    const [header, body] = within(table).getAllByRole('rowgroup');
    expect(
      within(header!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Time']);
    expect(
      within(body!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['10:02']);
  });
});
