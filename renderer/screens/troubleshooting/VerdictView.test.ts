import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import VerdictView from './VerdictView.svelte';

// The answer to "why is my terminal not working?": the title as a heading, what to do, and the
// status code kept for the technical details.

describe('the verdict of a connection check', () => {
  it('a problem: its title, explanation and remedy, with the SPIn status code in the details', () => {
    render(VerdictView, {
      verdict: {
        ok: false,
        kind: 'offline',
        title: 'The terminal is offline',
        explanation: 'The service reached no terminal with this TPN.',
        remedy: 'Turn the terminal on and open its SPIn app.',
        statusCode: '2001',
      },
    });
    expect(screen.getByRole('heading', { level: 2, name: 'The terminal is offline' })).toBeTruthy();
    const section = screen.getByRole('region', { name: 'The terminal is offline' });
    expect(section.classList.contains('ok')).toBe(false);
    expect(section.textContent).toContain('The service reached no terminal with this TPN.');
    expect(section.querySelector('.remedy')?.textContent).toBe('What to do: Turn the terminal on and open its SPIn app.');
    expect(screen.getByText('2001')).toBeTruthy();
  });

  it('all well: marked ok, with no status code to show', () => {
    render(VerdictView, {
      verdict: { ok: true, kind: 'ready', title: 'Everything works', explanation: 'The terminal answered.', remedy: 'Nothing to do.' },
    });
    const section = screen.getByRole('region', { name: 'Everything works' });
    expect(section.classList.contains('ok')).toBe(true);
    expect(screen.queryByText('SPIn status code')).toBeNull();
  });
});
