import { render, screen } from '@testing-library/svelte';
import { createRawSnippet } from 'svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import { navigation } from '../../state/navigation.svelte';
import ScreenTitle from './ScreenTitle.svelte';

// Every screen's heading: after the user moves to a screen, focus lands on its title (so a screen
// reader reads where they are); on launch it must not steal focus.

const intro = createRawSnippet(() => ({ render: () => '<span>What this screen is for.</span>' }));

beforeEach(() => {
  navigation.moved = false;
  (document.activeElement as HTMLElement | null)?.blur();
});

describe('a screen title', () => {
  it('shows the title as the level-one heading, with its intro when given', () => {
    render(ScreenTitle, { title: 'History', children: intro });
    expect(screen.getByRole('heading', { level: 1, name: 'History' })).toBeTruthy();
    expect(screen.getByText('What this screen is for.')).toBeTruthy();
  });

  it('does not take focus when the app has just opened', () => {
    render(ScreenTitle, { title: 'Sale' });
    expect(document.activeElement).not.toBe(screen.getByRole('heading', { name: 'Sale' }));
  });

  it('takes focus once the user has moved to the screen', () => {
    navigation.go('history');
    render(ScreenTitle, { title: 'History' });
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'History' }));
  });
});
