import { contextBridge, ipcRenderer } from 'electron';
import type { Channel } from '@shared/ipc/contract';

/**
 * The contract's channel names, written in by scripts/build-electron.mjs from contract.ts: the
 * names without zod and the schemas (importing the contract made this bundle 896 KB, not 2 KB).
 */
declare const SPIN_DESK_CHANNELS: readonly Channel[];

// Sandboxed preload: exposes one function per contract channel as window.spinDesk and nothing
// else: no ipcRenderer, no Electron object, no way to name a channel the contract does not list.
const bridge = Object.fromEntries(SPIN_DESK_CHANNELS.map((channel) => [channel, (input: unknown) => ipcRenderer.invoke(channel, input)]));

contextBridge.exposeInMainWorld('spinDesk', Object.freeze(bridge));
