import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import * as m from '@shared/i18n/paraglide/messages/_index.js';
import { channels, type Channel } from '@shared/ipc/contract';
import type { Envelope } from '@shared/ipc/envelope';
import type { Dispatch } from '../services/handlers/dispatch';
import { isTrustedSender } from './security';

/** A channel the shell answers itself because it needs the calling window (printing). */
export type ShellHandler = (event: IpcMainInvokeEvent, input: unknown) => Promise<Envelope<unknown>>;

/** One ipcMain handler per contract channel; each checks the sender frame, then dispatches. */
export function registerIpc(dispatch: Dispatch, shellHandlers: Partial<Record<Channel, ShellHandler>> = {}): void {
  for (const channel of channels) {
    ipcMain.handle(channel, (event, input: unknown) => {
      if (!isTrustedSender(event.senderFrame)) {
        return { ok: false, error: { code: 'FORBIDDEN', message: m.sys_ipc_forbidden() } };
      }
      const shell = shellHandlers[channel];
      return shell ? shell(event, input) : dispatch(channel, input);
    });
  }
}
