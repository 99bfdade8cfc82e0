import { render, screen } from '@testing-library/svelte';
import { FIGURES_DO_NOT_ADD_UP } from '@shared/spin/terminal-amounts';
import { describe, expect, it } from 'vitest';
import FiguresWarning from './FiguresWarning.svelte';

describe('Figures warning', () => {
  it('titles the notice with the common words and names the field in its body, said once', () => {
    render(FiguresWarning, { problem: `${FIGURES_DO_NOT_ADD_UP}: FeeAmount: -0.5 is below $0.00`, role: 'alert' });
    const alert = screen.getByRole('alert');
    expect(alert.querySelector('.title')?.textContent).toBe(FIGURES_DO_NOT_ADD_UP);
    expect(alert.querySelector('p:not(.title)')?.textContent).toBe('FeeAmount: -0.5 is below $0.00.');
  });

  it('shows a problem in other words whole', () => {
    render(FiguresWarning, { problem: 'TotalAmount is missing' });
    expect(screen.getByText('TotalAmount is missing.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
