import { ipcMain } from 'electron';
import { channels } from '../../shared/ipc/channels';
import type { Dispatch } from '../services/handlers/dispatch';
import { isTrustedSender } from './security';

/** One ipcMain handler per contract channel; each checks the sender frame, then dispatches. */
export function registerIpc(dispatch: Dispatch): void {
  for (const channel of channels) {
    ipcMain.handle(channel, (event, input: unknown) => {
      if (!isTrustedSender(event.senderFrame)) {
        return { ok: false, error: { code: 'FORBIDDEN', message: 'This window may not use spin-desk.' } };
      }
      return dispatch(channel, input);
    });
  }
}
