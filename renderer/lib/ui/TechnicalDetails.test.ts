import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import TechnicalDetails from './TechnicalDetails.svelte';

describe('Technical details', () => {
  it('keeps the code under a closed Details, for support to open', () => {
    render(TechnicalDetails, { facts: [{ label: 'Code', value: '1011', mono: true }] });
    const details = screen.getByText('Details').closest('details')!;
    expect(details.open).toBe(false);
    expect(screen.getByRole('definition', { hidden: true }).textContent).toBe('1011');
  });

  it('shows nothing at all when there are no facts', () => {
    const { container } = render(TechnicalDetails, { facts: [] });
    expect(container.textContent?.trim()).toBe('');
    expect(screen.queryByText('Details')).toBeNull();
  });
});
