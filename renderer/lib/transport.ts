import type { Bridge } from '@shared/ipc/bridge';
import type { Envelope } from '@shared/ipc/envelope';

declare global {
  interface Window {
    /** Set by the Electron preload script; absent when the page is served by the browser host. */
    spinDesk?: Bridge;
  }
}

export type Transport = (channel: string, input: unknown) => Promise<Envelope<unknown>>;

/** In Electron: the preload bridge (IPC). */
function bridgeTransport(bridge: Bridge): Transport {
  return (channel, input) => (bridge[channel as keyof Bridge] as (input: unknown) => Promise<Envelope<unknown>>)(input);
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
    return { ok: false, error: { code: 'NETWORK', message: 'spin-desk lost its connection to the host. Is it still running?' } };
  }
  if (response.status === 403) {
    return {
      ok: false,
      error: { code: 'FORBIDDEN', message: 'This page is not authorised. Open the address spin-desk printed when it started.' },
    };
  }
  try {
    return (await response.json()) as Envelope<unknown>;
  } catch {
    return { ok: false, error: { code: 'INTERNAL', message: `The host answered HTTP ${response.status} without a result.` } };
  }
};

export function defaultTransport(): Transport {
  return typeof window !== 'undefined' && window.spinDesk ? bridgeTransport(window.spinDesk) : httpTransport;
}
