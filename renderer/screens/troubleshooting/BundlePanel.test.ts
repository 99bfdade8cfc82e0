import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { supportBundleAbout } from '@shared/ipc/diagnostics-views';
import { callsTo, installFakeTransport } from '../../test-support/fake-transport';
import { toasts } from '../../state/toasts.svelte';
import BundlePanel from './BundlePanel.svelte';

// "Save support bundle": says what the file holds and leaves out, then downloads main's file.

let saved: { name: string; href: string }[];

beforeEach(() => {
  toasts.clear();
  saved = [];
  // jsdom has no object URLs; the download is a link clicked with the file's name.
  URL.createObjectURL = () => 'blob:bundle';
  URL.revokeObjectURL = () => {};
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.getAttribute('href') ?? '' });
  });
});

afterEach(() => vi.restoreAllMocks());

describe('the support bundle', () => {
  it('lists what the file holds and what it never holds', () => {
    installFakeTransport({});
    render(BundlePanel);
    const holds = screen.getByRole('list');
    expect(holds.querySelectorAll('li')).toHaveLength(supportBundleAbout().holds.length);
    expect(screen.getByText(supportBundleAbout().leftOut)).toBeTruthy();
  });

  it('saves main’s file under its own name and says it is ready to send', async () => {
    const calls = installFakeTransport({ 'diagnostics:bundle': () => ({ filename: 'spin-desk-support-2026-01-31.json', json: '{}' }) });
    render(BundlePanel);
    await fireEvent.click(screen.getByRole('button', { name: 'Save support bundle' }));
    await waitFor(() => expect(saved).toEqual([{ name: 'spin-desk-support-2026-01-31.json', href: 'blob:bundle' }]));
    expect(callsTo(calls, 'diagnostics:bundle')).toHaveLength(1);
    expect(toasts.items.map((toast) => toast.message)).toEqual(['Support bundle spin-desk-support-2026-01-31.json is ready to send.']);
    expect((screen.getByRole('button', { name: 'Save support bundle' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says why the bundle could not be made, and saves nothing', async () => {
    installFakeTransport({ 'diagnostics:bundle': () => ({ error: { code: 'INTERNAL', message: 'The data folder could not be read.' } }) });
    render(BundlePanel);
    await fireEvent.click(screen.getByRole('button', { name: 'Save support bundle' }));
    await waitFor(() =>
      expect(toasts.items.map((toast) => [toast.kind, toast.message])).toEqual([['error', 'The data folder could not be read.']]),
    );
    expect(saved).toEqual([]);
  });
});
