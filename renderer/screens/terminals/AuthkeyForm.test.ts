import { fireEvent, render, screen } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import { profiles } from '../../state/profiles.svelte';
import { profileView } from '../../test-support/fixtures';
import { callsTo, installFakeTransport } from '../../test-support/fake-transport';
import AuthkeyForm from './AuthkeyForm.svelte';

const SENTINEL = 'SNTNL7Q2ZX';
const profile = profileView({ hasAuthkey: false });

beforeEach(() => profiles.apply({ profiles: [profile], activeId: profile.id }));

function keyBox(): HTMLInputElement {
  return screen.getByLabelText(/Authkey$/, { selector: 'input' }) as HTMLInputElement;
}

describe('Authkey form', () => {
  it('is a password box', () => {
    installFakeTransport({});
    render(AuthkeyForm, { profile });
    expect(keyBox().type).toBe('password');
  });

  it('refuses a key that is not 10 characters without sending it', async () => {
    const calls = installFakeTransport({});
    render(AuthkeyForm, { profile });
    await fireEvent.input(keyBox(), { target: { value: 'short' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Save Authkey' }));
    expect(keyBox().getAttribute('aria-invalid')).toBe('true');
    expect(calls).toHaveLength(0);
  });

  it('sends the key once, clears the box and never shows the key', async () => {
    const calls = installFakeTransport({ 'profiles:setAuthkey': () => ({ ...profile, hasAuthkey: true }) });
    render(AuthkeyForm, { profile: profiles.list[0] ?? profile });
    keyBox().value = SENTINEL;
    await fireEvent.click(screen.getByRole('button', { name: 'Save Authkey' }));
    expect(callsTo(calls, 'profiles:setAuthkey')).toEqual([{ channel: 'profiles:setAuthkey', input: { id: 'p1', authkey: SENTINEL } }]);
    expect(keyBox().value).toBe('');
    expect(profiles.list[0]?.hasAuthkey).toBe(true);
    expect(document.body.innerHTML).not.toContain(SENTINEL);
  });

  it('warns when this computer cannot encrypt the key and stores it only once the user accepts', async () => {
    let attempts = 0;
    const calls = installFakeTransport({
      'profiles:setAuthkey': (input) => {
        attempts++;
        if (!(input as { acceptWeakProtection?: boolean }).acceptWeakProtection) {
          return { error: { code: 'WEAK_VAULT', message: 'No system keyring was found.' } };
        }
        return { ...profile, hasAuthkey: true };
      },
    });
    render(AuthkeyForm, { profile });
    keyBox().value = SENTINEL;
    await fireEvent.click(screen.getByRole('button', { name: 'Save Authkey' }));
    expect(await screen.findByText('No system keyring was found.')).toBeTruthy();
    expect(keyBox().value).toBe('');
    await fireEvent.click(screen.getByRole('checkbox', { name: /Store it anyway/ }));
    keyBox().value = SENTINEL;
    await fireEvent.click(screen.getByRole('button', { name: 'Save Authkey' }));
    expect(attempts).toBe(2);
    expect(callsTo(calls, 'profiles:setAuthkey')[1]?.input).toEqual({ id: 'p1', authkey: SENTINEL, acceptWeakProtection: true });
    expect(document.body.innerHTML).not.toContain(SENTINEL);
  });
});
