import type { Bridge } from '@shared/ipc/bridge';
import type { Envelope } from '@shared/ipc/envelope';
import { HOST_LOST } from './host-connection.svelte';
import { m } from './i18n/messages';

declare global {
  interface Window {
    /** Set by the Electron preload script; absent when the page is served by the browser host. */
    spinDesk?: Bridge;
  }
}

export type Transport = (channel: string, input: unknown) => Promise<Envelope<unknown>>;

/**
 * In Electron: the preload bridge (IPC). dispatch() in main always answers an envelope, so a
 * rejected invoke means the main process went away (or its IPC did) while the call was out.
 */
export function bridgeTransport(bridge: Bridge): Transport {
  return async (channel, input) => {
    try {
      return await (bridge[channel as keyof Bridge] as (input: unknown) => Promise<Envelope<unknown>>)(input);
    } catch {
      return { ok: false, error: HOST_LOST };
    }
  };
}

/**
 * In the browser host: the same contract over same-origin HTTP. The host's token travels in an
 * HttpOnly cookie the page cannot read, so nothing secret lives in this script.
 */
const httpTransport: Transport = async (channel, input) => {
  let response: Response;
  try {
    response = await fetch(`/api/${encodeURIComponent(channel)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(input ?? null),
      credentials: 'same-origin',
    });
  } catch {
    // The host stopped (or the connection to it broke) with the call out: its outcome is unknown.
    return { ok: false, error: HOST_LOST };
  }
  if (response.status === 403) {
    return {
      ok: false,
      error: { code: 'FORBIDDEN', message: m.lib_not_authorised() },
    };
  }
  try {
    return (await response.json()) as Envelope<unknown>;
  } catch {
    return { ok: false, error: { code: 'INTERNAL', message: m.lib_host_no_result({ status: response.status }) } };
  }
};

export function defaultTransport(): Transport {
  return typeof window !== 'undefined' && window.spinDesk ? bridgeTransport(window.spinDesk) : httpTransport;
}
