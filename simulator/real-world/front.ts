// The real-world mode put in front of the plain server (server.ts): every SPIn request is planned
// and, when the plan says so, answered its own way (serve.ts); its settings and log join the
// in-process control; a terminal that is reset meets the real world afresh.
import type { ServerResponse } from 'node:http';
import type { EndpointName } from '@shared/spin';
import { parseInput } from '../control';
import type { ServerParts } from '../server';
import { realWorldSchema, type RealWorldInput, type RealWorldParsed, type RealWorldSettings } from './config';
import { busyWindowDraw } from './busy-after-approval';
import { RealWorld, type RealWorldView } from './mode';
import { Deliveries, serveRealWorld } from './serve';

/** The real-world mode's part of the control API (in-process and under /_sim/real-world). */
export interface RealWorldControl {
  /**
   * Turns the real-world mode on with these settings (validated; defaults filled in), or off with
   * null or no variants. Either way the log and the request counters start afresh, so the same
   * seed gives the same treatments again. Returns the settings in force (null: off).
   */
  setRealWorld(settings: RealWorldInput | null): RealWorldSettings | null;
  /** The settings in force and the log of what each request got (the last 10,000). */
  getRealWorld(): RealWorldView;
}

export interface RealWorldExtension {
  control: RealWorldControl;
  /** Answers a SPIn request the way the plan says, or returns null (the mode is off) to leave it to the proxy. */
  front(res: ServerResponse, name: EndpointName, path: string, body: unknown): Promise<void> | null;
  /** Cuts the answers still trickling out, so no timer outlives the server. */
  close(): void;
}

/** The mode for this server, seeded from the run seed unless the settings name one; `settings` null: off until set. */
export function realWorldExtension({ state, dispatcher }: ServerParts, settings: RealWorldParsed | null): RealWorldExtension {
  const mode = new RealWorld(state.seed);
  // The busy-after-approval variant lives in the proxy's pipeline (busy-window.ts), not in front of it.
  const configure = (parsed: RealWorldParsed | null): RealWorldSettings | null => {
    const inForce = mode.configure(parsed);
    dispatcher.busyWindow.draw = busyWindowDraw(inForce);
    return inForce;
  };
  configure(settings);
  // A fresh terminal meets the real world afresh: the same requests get the same treatment again.
  state.onReset((tpn) => mode.forget(tpn));
  const deliveries = new Deliveries();
  return {
    control: {
      setRealWorld: (input) => configure(input === null ? null : parseInput(realWorldSchema, input, 'real-world settings')),
      getRealWorld: () => mode.view(),
    },
    front(res, name, path, body) {
      const plan = mode.plan(name, body, path);
      if (!plan) return null;
      const request = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
      return serveRealWorld({ res, plan, request, handle: () => dispatcher.handle(name, body), deliveries });
    },
    close: () => deliveries.cancelAll(),
  };
}
