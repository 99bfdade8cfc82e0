import { render, screen } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import { profileView } from '../../test-support/fixtures';
import { installFakeTransport } from '../../test-support/fake-transport';
import TerminalEditor from './TerminalEditor.svelte';

function open(profile: ReturnType<typeof profileView> | null, focusAuthkey = false) {
  installFakeTransport({});
  render(TerminalEditor, { profile, focusAuthkey, onsaved: vi.fn(), onclose: vi.fn() });
}

const nameBox = () => screen.getByLabelText(/^Name/) as HTMLInputElement;

describe('Terminal editor', () => {
  it('opens a new terminal as a blank form without an Authkey box', () => {
    open(null);
    expect(nameBox().value).toBe('');
    expect(screen.queryByLabelText(/Authkey$/, { selector: 'input' })).toBeNull();
  });

  it('fills the form from the terminal being edited and offers its Authkey', () => {
    open(profileView({ name: 'Back office' }));
    expect(nameBox().value).toBe('Back office');
    expect(screen.getByLabelText(/Authkey$/, { selector: 'input' })).toBeTruthy();
  });

  it('says the demo terminal needs no Authkey instead of asking for one', () => {
    open(profileView({ environment: 'demo' }));
    expect(screen.getByText('The demo terminal needs no Authkey.')).toBeTruthy();
    expect(screen.queryByLabelText(/Authkey$/, { selector: 'input' })).toBeNull();
  });
});
