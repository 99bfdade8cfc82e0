import { render } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import PrintSheetHead from './PrintSheetHead.svelte';

// Every printed sheet is headed by the terminal it belongs to (issue 36): its name and TPN, or the
// TPN alone, once, when no profile has it any more (History names such a terminal "TPN …").

const headOf = (terminalName: string, tpn: string) => {
  const { container, unmount } = render(PrintSheetHead, { title: 'Settlement', terminalName, tpn, fetchedAt: '2026-03-05T18:30:00.000Z' });
  const line = container.querySelectorAll('.print-head p')[1]?.textContent ?? '';
  unmount();
  return line;
};

describe('the printed sheet’s heading', () => {
  it('names the terminal and its TPN', () => {
    expect(headOf('Busy till', 'PRINTTPN0001')).toBe('Busy till · TPN PRINTTPN0001');
  });

  it('says the TPN once for a terminal known only by it', () => {
    expect(headOf('TPN PRINTTPN0001', 'PRINTTPN0001')).toBe('TPN PRINTTPN0001');
  });

  it('leaves the TPN out of a sheet of several terminals', () => {
    expect(headOf('Store', '')).toBe('Store');
  });
});
