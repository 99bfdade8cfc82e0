import { fireEvent, render, screen } from '@testing-library/svelte';
import { createRawSnippet } from 'svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ProfileView } from '@shared/ipc/profile-views';
import { profiles } from '../../state/profiles.svelte';
import { profileView } from '../../test-support/fixtures';
import TerminalTabs from './TerminalTabs.svelte';

// A screen of several requests, one tab each, shown only once a terminal is picked.

const panel = createRawSnippet((profile: () => ProfileView) => ({ render: () => `<p>Panel for ${profile().name}</p>` }));
const tabs = [
  { id: 'text', label: 'Ask for text' },
  { id: 'choice', label: 'Ask for a choice' },
] as const;

beforeEach(() => profiles.apply({ profiles: [profileView({ name: 'Patio' })], activeId: 'p1' }));

describe('terminal tabs', () => {
  it('shows the tabs, the first selected, with the panel for the active terminal', () => {
    render(TerminalTabs, { purpose: 'send prompts', label: 'Prompt kinds', tabs, selected: 'text', maxWidth: '52rem', children: panel });
    const list = screen.getByRole('tablist', { name: 'Prompt kinds' });
    expect(list.querySelectorAll('[role="tab"]')).toHaveLength(2);
    expect(screen.getByRole('tab', { name: 'Ask for text' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toContain('Panel for Patio');
  });

  it('a click on another tab selects it', async () => {
    render(TerminalTabs, { purpose: 'send prompts', label: 'Prompt kinds', tabs, selected: 'text', maxWidth: '52rem', children: panel });
    await fireEvent.click(screen.getByRole('tab', { name: 'Ask for a choice' }));
    expect(screen.getByRole('tab', { name: 'Ask for a choice' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Ask for text' }).getAttribute('aria-selected')).toBe('false');
  });

  it('shows no tabs while no terminal is picked, and names what the screen is for', () => {
    profiles.apply({ profiles: [], activeId: null });
    render(TerminalTabs, { purpose: 'send prompts', label: 'Prompt kinds', tabs, selected: 'text', maxWidth: '52rem', children: panel });
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.getByText(/to send prompts\./)).toBeTruthy();
  });
});
