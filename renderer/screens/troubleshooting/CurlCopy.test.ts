import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callsTo, installFakeTransport } from '../../test-support/fake-transport';
import { toasts } from '../../state/toasts.svelte';
import CurlCopy from './CurlCopy.svelte';

// "Copy as curl" on a request log entry: warns first when running it again would move money.

const COMMAND = 'curl -sS -X POST \'https://example.test/v2/Payment/Sale\' --data-binary \'{"Authkey":"<AUTH_KEY>"}\'';
let copied: string[];

beforeEach(() => {
  toasts.clear();
  copied = [];
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: async (text: string) => void copied.push(text) },
  });
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('copy a request as curl', () => {
  it('on a Sale, warns that running it moves money again, and says so when copied', async () => {
    const calls = installFakeTransport({ 'diagnostics:curl': () => ({ command: COMMAND }) });
    render(CurlCopy, { entryId: 'e1', endpoint: 'Sale' });
    expect(screen.getByText('Running this command moves money again')).toBeTruthy();
    await fireEvent.click(screen.getByRole('button', { name: 'Copy as curl' }));
    await waitFor(() => expect(copied).toEqual([COMMAND]));
    expect(callsTo(calls, 'diagnostics:curl').map((call) => call.input)).toEqual([{ entryId: 'e1' }]);
    expect(toasts.items.map((toast) => toast.message)).toEqual([
      'Copied as a curl command. Running it sends the Sale again and moves money again; it starts with a warning line.',
    ]);
  });

  it('on a Status lookup, no warning; the note says to put the Authkey in', async () => {
    installFakeTransport({ 'diagnostics:curl': () => ({ command: 'curl status' }) });
    render(CurlCopy, { entryId: 'e2', endpoint: 'Status' });
    expect(screen.queryByText('Running this command moves money again')).toBeNull();
    await fireEvent.click(screen.getByRole('button', { name: 'Copy as curl' }));
    await waitFor(() => expect(copied).toEqual(['curl status']));
    expect(toasts.items.map((toast) => toast.message)).toEqual([
      'Copied as a curl command. Put the terminal’s Authkey in place of <AUTH_KEY> before running it.',
    ]);
  });

  it('when main cannot build the command, says why and copies nothing', async () => {
    installFakeTransport({ 'diagnostics:curl': () => ({ error: { code: 'NOT_FOUND', message: 'That log entry is no longer kept.' } }) });
    render(CurlCopy, { entryId: 'gone', endpoint: 'Status' });
    await fireEvent.click(screen.getByRole('button', { name: 'Copy as curl' }));
    await waitFor(() => expect(toasts.items.map((toast) => toast.message)).toEqual(['That log entry is no longer kept.']));
    expect(copied).toEqual([]);
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
