import { render, screen } from '@testing-library/svelte';
import { createRawSnippet } from 'svelte';
import { describe, expect, it } from 'vitest';
import Notice from './Notice.svelte';

const body = createRawSnippet(() => ({ render: () => '<p>Check the cable.</p>' }));

describe('Notice', () => {
  it('announces something that just went wrong as an alert, title first', () => {
    render(Notice, { tone: 'danger', role: 'alert', title: 'Not sent', children: body });
    expect(screen.getByRole('alert').textContent?.replace(/\s+/g, ' ').trim()).toBe('Not sent Check the cable.');
  });

  it('stays quiet as a standing note, without a title when none is given', () => {
    const { container } = render(Notice, { tone: 'info', children: body });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    expect(container.textContent?.trim()).toBe('Check the cable.');
  });

  it.each(['info', 'ok', 'warn', 'danger'] as const)('takes the colours of the %s tone from the theme', (tone) => {
    render(Notice, { tone, children: body });
    const notice = screen.getByText('Check the cable.').parentElement as HTMLElement;
    expect(getComputedStyle(notice).color).toBe(`var(--${tone})`);
    expect(getComputedStyle(notice).background).toBe(`var(--${tone}-bg)`);
  });
});
