import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { beforeAll, describe, expect, it } from 'vitest';
import { navigation } from '../state/navigation.svelte';
import { installFakeTransport } from '../test-support/fake-transport';
import { polyfillDialog } from '../test-support/jsdom-dialog';
import NavBar from './NavBar.svelte';

beforeAll(polyfillDialog);

const current = () => screen.getAllByRole('button').filter((button) => button.getAttribute('aria-current') === 'page');

describe('Nav bar', () => {
  it('lists the screens under their group and marks the one open as the current page', async () => {
    installFakeTransport({});
    render(NavBar);
    const payments = screen.getByRole('list', { name: 'Payments' });
    expect(within(payments).getByRole('button', { name: 'Sale' })).toBeTruthy();
    await fireEvent.click(screen.getByRole('button', { name: 'History' }));
    expect(navigation.current).toBe('history');
    expect(current().map((button) => button.textContent)).toEqual(['History']);
  });

  it('opens About from Help, the browser version having no menu bar', async () => {
    installFakeTransport({
      'app:info': () => ({ name: 'spin-desk', version: '9.9.9', shell: 'browser' }),
      'app:updates': () => ({ state: 'not-here', message: 'Fake status.' }),
    });
    render(NavBar);
    const help = screen.getByRole('list', { name: 'Help' });
    await fireEvent.click(within(help).getByRole('button', { name: 'About spin-desk' }));
    expect(screen.getByRole('dialog', { name: 'About spin-desk' })).toBeTruthy();
    expect(await screen.findByText('9.9.9')).toBeTruthy();
  });
});
