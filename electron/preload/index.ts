import { contextBridge, ipcRenderer } from 'electron';
import { channels } from '@shared/ipc/channels';

// Sandboxed preload: exposes one function per contract channel as window.spinDesk and nothing
// else: no ipcRenderer, no Electron object, no way to name a channel the contract does not list.
const bridge = Object.fromEntries(channels.map((channel) => [channel, (input: unknown) => ipcRenderer.invoke(channel, input)]));

contextBridge.exposeInMainWorld('spinDesk', Object.freeze(bridge));
