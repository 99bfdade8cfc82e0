import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import EnvironmentBadge from './EnvironmentBadge.svelte';

describe('Environment badge', () => {
  it('says Live for production, so a cashier sees real money is at stake', () => {
    render(EnvironmentBadge, { environment: 'production' });
    expect(screen.getByText('Live')).toBeTruthy();
  });

  it('names each test environment in its own word', () => {
    const words = (['demo', 'sandbox', 'custom'] as const).map((environment) => {
      const { container, unmount } = render(EnvironmentBadge, { environment });
      const text = container.textContent?.trim();
      unmount();
      return text;
    });
    expect(words).toEqual(['Demo', 'Sandbox', 'Custom']);
  });
});
