import { fireEvent, render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { callsTo, installFakeTransport } from '../../test-support/fake-transport';
import CustomerWait from './CustomerWait.svelte';

afterEach(() => {
  document.body.innerHTML = '';
});

type AbortAnswer = Parameters<typeof installFakeTransport>[0]['terminal:abort'];

/** Main answers terminal:abort with `answer`; what the cancels sent, in order. */
function answerAbort(answer: NonNullable<AbortAnswer>): () => unknown[] {
  const calls = installFakeTransport({ 'terminal:abort': answer });
  return () => callsTo(calls, 'terminal:abort').map((call) => call.input);
}

describe('Customer wait', () => {
  it('sends the cancel for the terminal waited on, once, and says what the abort was told', async () => {
    const aborts = answerAbort(() => ({
      sent: true,
      operation: 'Sale',
      referenceId: 'R1',
      statusCode: '0000',
      message: "Cancel sent for sale R1. The terminal's answer to it says how it ended.",
    }));
    render(CustomerWait, { startedAt: Date.now(), timeoutSeconds: 120, profileId: 'p1' });
    const button = screen.getByRole('button', { name: 'Cancel on terminal' });
    await fireEvent.click(button);
    expect(await screen.findByText(/Cancel sent for sale R1\. .* Waiting for it…/)).toBeTruthy();
    expect(aborts()).toEqual([{ profileId: 'p1' }]);
    // The outcome is the request's own answer: the button does not send a second cancel meanwhile.
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('stops counting once the terminal’s own limit has passed, and says so', () => {
    installFakeTransport({});
    render(CustomerWait, { startedAt: Date.now() - 136_000, timeoutSeconds: 120, overMessage: 'Looking it up…' });
    expect(screen.getByRole('status').textContent).toBe('Looking it up…');
    expect(screen.queryByText(/s waited/)).toBeNull();
  });

  it('takes the focus a locked form dropped, and leaves focus that is somewhere usable', () => {
    installFakeTransport({});
    const locked = document.createElement('input');
    document.body.append(locked);
    locked.focus();
    locked.disabled = true;
    render(CustomerWait, { startedAt: Date.now(), timeoutSeconds: 60 });
    expect(document.activeElement?.textContent).toBe('Cancel on terminal');

    document.body.innerHTML = '';
    const usable = document.createElement('input');
    document.body.append(usable);
    usable.focus();
    render(CustomerWait, { startedAt: Date.now(), timeoutSeconds: 60 });
    expect(document.activeElement).toBe(usable);
  });

  it('cancels on Esc, on the active terminal when none is named', async () => {
    const aborts = answerAbort(() => ({ sent: false, message: 'Nothing from this PC is waiting.' }));
    render(CustomerWait, { startedAt: Date.now(), timeoutSeconds: 60 });
    await fireEvent.keyDown(window, { key: 'Escape' });
    expect(await screen.findByText('Nothing from this PC is waiting.')).toBeTruthy();
    expect(aborts()).toEqual([undefined]);
  });

  it('leaves an Esc that something else already handled alone', async () => {
    const calls = installFakeTransport({});
    render(CustomerWait, { startedAt: Date.now(), timeoutSeconds: 60 });
    const event = new KeyboardEvent('keydown', { key: 'Escape', cancelable: true });
    event.preventDefault();
    window.dispatchEvent(event);
    expect(callsTo(calls, 'terminal:abort')).toEqual([]);
  });

  it('leaves an Esc that closes an open dialog to the dialog', async () => {
    const calls = installFakeTransport({});
    render(CustomerWait, { startedAt: Date.now(), timeoutSeconds: 60 });
    const dialog = document.createElement('dialog');
    dialog.setAttribute('open', '');
    const button = document.createElement('button');
    dialog.append(button);
    document.body.append(dialog);
    await fireEvent.keyDown(button, { key: 'Escape' });
    expect(callsTo(calls, 'terminal:abort')).toEqual([]);
  });

  it('says when the cancel could not be sent, and lets it be tried again', async () => {
    let fail = true;
    const aborts = answerAbort(() =>
      fail ? { error: { code: 'NETWORK', message: 'The service could not be reached' } } : { sent: true, message: 'Cancel sent.' },
    );
    render(CustomerWait, { startedAt: Date.now(), timeoutSeconds: 60 });
    await fireEvent.click(screen.getByRole('button', { name: 'Cancel on terminal' }));
    expect(await screen.findByText('The cancel did not reach the terminal: The service could not be reached')).toBeTruthy();
    fail = false;
    await fireEvent.click(screen.getByRole('button', { name: 'Cancel on terminal' }));
    expect(await screen.findByText('Cancel sent. Waiting for it…')).toBeTruthy();
    expect(aborts()).toHaveLength(2);
  });
  it('offers only to stop waiting for a prompt, and says to cancel it on the terminal', async () => {
    const aborts = answerAbort(() => ({
      sent: false,
      operation: 'UserInput',
      message: 'Stopped waiting for the customer request (UserInput). If it is still on the terminal, press Cancel there.',
    }));
    render(CustomerWait, { startedAt: Date.now(), timeoutSeconds: 60, unnamed: true });
    expect(screen.queryByRole('button', { name: 'Cancel on terminal' })).toBeNull();
    expect(screen.getByText("To cancel it, press Cancel on the terminal's screen.")).toBeTruthy();
    await fireEvent.click(screen.getByRole('button', { name: 'Stop waiting' }));
    expect(await screen.findByText(/Stopped waiting for the customer request \(UserInput\)/)).toBeTruthy();
    expect(aborts()).toHaveLength(1);
  });
});
