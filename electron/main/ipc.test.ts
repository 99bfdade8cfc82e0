import { beforeEach, describe, expect, it, vi } from 'vitest';
import { channels } from '@shared/ipc/contract';
import type { Envelope } from '@shared/ipc/envelope';
import { registerIpc, type ShellHandler } from './ipc';
import { ipcMain, resetFakes } from './test-support/fake-electron';
import { speakSpanishInThisTest } from '../../tests/support/speak-spanish';

vi.mock('electron', () => import('./test-support/fake-electron'));

beforeEach(resetFakes);

const appFrame = { url: 'app://spin-desk/index.html', parent: null };
const invoke = (channel: string, senderFrame: unknown, input?: unknown) => {
  const handler = ipcMain.handlers.get(channel) as unknown as ((event: unknown, input: unknown) => Promise<Envelope<unknown>>) | undefined;
  if (!handler) throw new Error(`${channel} has no handler`);
  return handler({ senderFrame, sender: {} }, input);
};

describe('registerIpc', () => {
  it('registers one handler per contract channel and routes the app frame to dispatch', async () => {
    const dispatch = vi.fn(async (channel: string, input: unknown) => ({ ok: true as const, data: { channel, input } }));
    registerIpc(dispatch);
    expect([...ipcMain.handlers.keys()].sort()).toEqual([...channels].sort());
    expect(await invoke('payments:sale', appFrame, { amountCents: 500 })).toEqual({
      ok: true,
      data: { channel: 'payments:sale', input: { amountCents: 500 } },
    });
    expect(dispatch).toHaveBeenCalledOnce();
  });

  it('answers FORBIDDEN without dispatching for any other frame', async () => {
    const dispatch = vi.fn();
    registerIpc(dispatch);
    for (const frame of [
      null,
      { url: 'https://example.com/', parent: null },
      { url: 'app://spin-desk/index.html', parent: appFrame },
      { url: 'file:///index.html', parent: null },
    ]) {
      const answer = await invoke('profiles:setAuthkey', frame, { id: 'x', authkey: 'FAKE-KEY' });
      expect(answer).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    }
    expect(dispatch).not.toHaveBeenCalled();
  });

  it("sends the shell's own channels to their handler, with the caller's event", async () => {
    const dispatch = vi.fn();
    const print: ShellHandler = vi.fn(async () => ({ ok: true as const, data: { printed: true } }));
    registerIpc(dispatch, { 'reports:print': print });
    expect(await invoke('reports:print', appFrame, { layout: 'a4' })).toEqual({ ok: true, data: { printed: true } });
    expect(print).toHaveBeenCalledWith(expect.objectContaining({ senderFrame: appFrame }), { layout: 'a4' });
    expect(dispatch).not.toHaveBeenCalled();
    expect(await invoke('reports:print', { url: 'https://example.com/', parent: null }, { layout: 'a4' })).toMatchObject({ ok: false });
    expect(print).toHaveBeenCalledOnce();
  });
});

// Issue 41, item 1: the refusal of a foreign frame is worded when answered.
describe('registerIpc in Spanish', () => {
  it('refuses another frame in Spanish', async () => {
    registerIpc(vi.fn());
    await speakSpanishInThisTest();
    expect(await invoke('app:info', { url: 'https://example.com/', parent: null })).toEqual({
      ok: false,
      error: { code: 'FORBIDDEN', message: 'Esta ventana no puede usar spin-desk.' },
    });
  });
});
