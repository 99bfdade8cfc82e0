import { fireEvent, render, screen } from '@testing-library/svelte';
import { createRawSnippet } from 'svelte';
import { describe, expect, it } from 'vitest';
import SectionTabs from './SectionTabs.svelte';

const panel = createRawSnippet(() => ({ render: () => '<p>Panel</p>' }));
const tabs = [
  { id: 'yes-no', label: 'Yes / No' },
  { id: 'choice', label: 'Choice' },
  { id: 'text', label: 'Text' },
] as const;

const selected = () => screen.getByRole('tab', { selected: true });

function renderTabs() {
  render(SectionTabs<(typeof tabs)[number]['id']>, { label: 'Prompt kinds', tabs, selected: 'yes-no', children: panel });
}

describe('Section tabs', () => {
  it('selects a tab on click and names the panel after it, with one tab stop', async () => {
    renderTabs();
    await fireEvent.click(screen.getByRole('tab', { name: 'Choice' }));
    expect(selected().textContent).toBe('Choice');
    expect(screen.getByRole('tabpanel', { name: 'Choice' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([-1, 0, -1]);
  });

  it('moves with the arrows, wrapping at the ends, and jumps with Home and End', async () => {
    renderTabs();
    const list = screen.getByRole('tablist', { name: 'Prompt kinds' });
    await fireEvent.keyDown(selected(), { key: 'ArrowLeft' });
    expect(selected().textContent).toBe('Text');
    expect(document.activeElement).toBe(selected());
    await fireEvent.keyDown(selected(), { key: 'ArrowRight' });
    expect(selected().textContent).toBe('Yes / No');
    await fireEvent.keyDown(selected(), { key: 'End' });
    expect(selected().textContent).toBe('Text');
    await fireEvent.keyDown(selected(), { key: 'Home' });
    expect(selected().textContent).toBe('Yes / No');
    expect(list.contains(selected())).toBe(true);
  });
});
