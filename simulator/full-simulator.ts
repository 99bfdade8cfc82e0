// startSimulator: the full simulator, the plain server (server.ts) with the control API over HTTP
// (control-http.ts) and the real-world mode (real-world/) in front of it. The CLI, the tests and the
// bench start this one; the app embeds only the plain server (embedded.ts), so neither addition is
// part of the app.
import type { z } from 'zod';
import type { SimulatorControl } from './control';
import { CONTROL_PATH, createControlHttp } from './control-http';
import { parseOptions, serverOptionsSchema } from './options';
import { realWorldExtension, realWorldSchema, type RealWorldControl } from './real-world';
import { startServerWith, type RunningServer } from './server';

export const simulatorOptionsSchema = serverOptionsSchema.extend({
  /** Imitate real deployments' misbehaviour (see real-world/config.ts); absent: off. */
  realWorld: realWorldSchema.optional(),
});

export type SimulatorOptions = z.input<typeof simulatorOptionsSchema>;

/** A running full simulator: its control has the real-world mode's calls too. */
export type RunningSimulator = RunningServer<SimulatorControl & RealWorldControl>;

export async function startSimulator(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  const { realWorld, ...serverOptions } = parseOptions(simulatorOptionsSchema, options);
  return startServerWith(serverOptions, (parts) => {
    const mode = realWorldExtension(parts, realWorld ?? null);
    const control = { ...parts.control, ...mode.control };
    return { control, routes: { path: CONTROL_PATH, serve: createControlHttp(control) }, front: mode.front, close: mode.close };
  });
}
