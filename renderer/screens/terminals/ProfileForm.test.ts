import { fireEvent, render, screen } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import { emptyProfileFields } from '../../lib/profile-fields';
import { profileView } from '../../test-support/fixtures';
import { callsTo, installFakeTransport } from '../../test-support/fake-transport';
import ProfileForm from './ProfileForm.svelte';

function field(label: RegExp): HTMLInputElement {
  return screen.getByLabelText(label) as HTMLInputElement;
}

async function fill(label: RegExp, value: string): Promise<void> {
  await fireEvent.input(field(label), { target: { value } });
}

function errorOf(input: HTMLElement): string {
  return document.getElementById(`${input.id}-error`)?.textContent ?? '';
}

function renderNew() {
  const onsaved = vi.fn();
  render(ProfileForm, { initial: emptyProfileFields(), onsaved, oncancel: vi.fn() });
  return onsaved;
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Add terminal' }));

describe('Profile form', () => {
  it('takes an error away once its field is fixed, and keeps the others until then', async () => {
    installFakeTransport({});
    renderNew();
    await fill(/^TPN/, '12345');
    await submit();
    expect(errorOf(field(/^Name/))).toBe('Must not be empty');
    expect(errorOf(field(/^TPN/))).toBe('Must be 10 to 12 characters');
    await fill(/^Name/, 'Front counter');
    expect(field(/^Name/).getAttribute('aria-invalid')).toBeNull();
    expect(errorOf(field(/^Name/))).toBe('');
    // Still wrong after an edit: the message stays.
    await fill(/^TPN/, '123456');
    expect(errorOf(field(/^TPN/))).toBe('Must be 10 to 12 characters');
    await fill(/^TPN/, 'E2ETERM001');
    expect(errorOf(field(/^TPN/))).toBe('');
  });

  it('rejects a TPN that is not 10 to 12 characters, at the field, without saving', async () => {
    const calls = installFakeTransport({});
    renderNew();
    await fill(/^Name/, 'Front counter');
    await fill(/^TPN/, '12345');
    await submit();
    expect(field(/^TPN/).getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(field(/^TPN/))).toBe('Must be 10 to 12 characters');
    expect(calls).toHaveLength(0);
  });

  it('shows the base URL only for a custom environment and requires it there', async () => {
    const calls = installFakeTransport({});
    renderNew();
    expect(screen.queryByLabelText(/^Base URL/)).toBeNull();
    await fireEvent.change(field(/^Environment/), { target: { value: 'custom' } });
    await fill(/^Name/, 'Lab');
    await fill(/^TPN/, 'E2ETERM001');
    await submit();
    const url = field(/^Base URL/);
    expect(url.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(url)).toMatch(/base URL/);
    expect(calls).toHaveLength(0);
  });

  it('checks the timeout range and a missing name', async () => {
    installFakeTransport({});
    renderNew();
    await fill(/^TPN/, 'E2ETERM001');
    await fill(/^Wait for the customer/, '721');
    await submit();
    expect(errorOf(field(/^Wait for the customer/))).toBe('Must be at most 720');
    expect(errorOf(field(/^Name/))).toBe('Must not be empty');
  });

  it('refuses plain http to another computer before sending anything', async () => {
    const calls = installFakeTransport({});
    renderNew();
    await fireEvent.change(field(/^Environment/), { target: { value: 'custom' } });
    await fill(/^Name/, 'Lab');
    await fill(/^Base URL/, 'http://spin.example.com');
    await fill(/^TPN/, 'E2ETERM001');
    await submit();
    expect(callsTo(calls, 'profiles:save')).toHaveLength(0);
    expect(errorOf(field(/^Base URL/))).toMatch(/must use https:\/\//);
  });

  it('sends a valid draft and shows a main-process rejection at its field', async () => {
    const calls = installFakeTransport({
      'profiles:save': () => ({
        error: {
          code: 'BAD_INPUT',
          message: 'Another terminal already has this name',
          fields: [{ path: 'name', message: 'must be unique among your terminals' }],
        },
      }),
    });
    const onsaved = renderNew();
    await fireEvent.change(field(/^Environment/), { target: { value: 'custom' } });
    await fill(/^Name/, 'Lab');
    await fill(/^Base URL/, 'https://spin.example.com');
    await fill(/^TPN/, 'E2ETERM001');
    await submit();
    expect(callsTo(calls, 'profiles:save')[0]?.input).toEqual({
      name: 'Lab',
      environment: 'custom',
      customUrl: 'https://spin.example.com',
      tpn: 'E2ETERM001',
      proxyTimeoutSeconds: 120,
      merchantNumber: null,
    });
    expect(await screen.findByText('Must be unique among your terminals')).toBeTruthy();
    expect(field(/^Name/).getAttribute('aria-invalid')).toBe('true');
    expect(onsaved).not.toHaveBeenCalled();
  });

  it('reports a saved terminal to its parent', async () => {
    const saved = profileView({ id: 'new-id', name: 'Back office', tpn: 'BACK000001' });
    installFakeTransport({ 'profiles:save': () => saved, 'profiles:list': () => ({ profiles: [saved], activeId: 'new-id' }) });
    const onsaved = renderNew();
    await fill(/^Name/, 'Back office');
    await fill(/^TPN/, 'BACK000001');
    await submit();
    await vi.waitFor(() => expect(onsaved).toHaveBeenCalledWith(saved));
  });
});
