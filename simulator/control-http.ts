// The control API over HTTP, under /_sim/ (the full simulator's; the app's embedded one has none).
// JSON in, JSON out: { ok: true, ... } on success, { ok: false, error } with 400 (bad input),
// 404 (unknown terminal or route), 405, 409 or 413.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import { SimulatorControlError, parseInput, type SimulatorControl } from './control';
import { busyWindowBodySchema } from './busy-window';
import {
  answersBodySchema,
  globalFeeProgramBodySchema,
  globalTipModeBodySchema,
  inUseBodySchema,
  onlineBodySchema,
  outcomesBodySchema,
  resetBodySchema,
  terminalFeeProgramBodySchema,
  terminalTipModeBodySchema,
  type OfflineTransactionInput,
} from './control-schemas';
import { parseJson, readBody, sendJson, type BodyResult } from './http-io';
import type { RealWorldControl, RealWorldInput } from './real-world';

/** The paths it answers; everything else is SPIn's. */
export const CONTROL_PATH = /^\/_sim(\/|$)/i;

/** Every control call there is: the in-process control and the real-world mode's. */
type Control = SimulatorControl & RealWorldControl;

interface Route {
  method: 'GET' | 'POST';
  /** Global routes live at /_sim/<name>; terminal routes at /_sim/terminals/<tpn>[/<name>]. */
  scope: 'global' | 'terminal';
  name: string;
  action: (tpn: string, body: unknown) => unknown;
}

const parsed = <S extends z.ZodType>(schema: S, body: unknown): z.output<S> => parseInput(schema, body, 'body');

const asList = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

function routes(control: Control): Route[] {
  const global = (method: Route['method'], name: string, action: Route['action']): Route => ({ method, scope: 'global', name, action });
  const terminal = (method: Route['method'], name: string, action: Route['action']): Route => ({ method, scope: 'terminal', name, action });
  return [
    global('GET', 'health', () => ({})),
    global('GET', 'terminals', () => ({ terminals: control.listTerminals() })),
    global('POST', 'reset', (_, body) => control.reset(parsed(resetBodySchema, body).tpn)),
    global('POST', 'tip-mode', (_, body) => control.setTipMode(parsed(globalTipModeBodySchema, body).mode)),
    global('POST', 'fee-program', (_, body) => control.setFeeProgram(parsed(globalFeeProgramBodySchema, body).program)),
    global('POST', 'busy-after-approval', (_, body) => control.setBusyAfterApproval(parsed(busyWindowBodySchema, body).ms)),
    global('GET', 'real-world', () => control.getRealWorld()),
    // setRealWorld validates its input itself; {} (no variants) turns the mode off.
    global('POST', 'real-world', (_, body) => ({ settings: control.setRealWorld(body as RealWorldInput) })),
    terminal('GET', '', (tpn) => ({ state: control.getState(tpn) })),
    terminal('POST', 'online', (tpn, body) => control.setOnline(tpn, parsed(onlineBodySchema, body).online)),
    terminal('POST', 'in-use', (tpn, body) => control.setInUse(tpn, parsed(inUseBodySchema, body).seconds)),
    terminal('POST', 'tip-mode', (tpn, body) => control.setTipMode(parsed(terminalTipModeBodySchema, body).mode, tpn)),
    terminal('POST', 'fee-program', (tpn, body) => control.setFeeProgram(parsed(terminalFeeProgramBodySchema, body).program, tpn)),
    // Lists are validated as a whole first, so one bad item queues nothing.
    terminal('POST', 'answers', (tpn, body) =>
      asList(parsed(answersBodySchema, body)).forEach((answer) => control.queueAnswer(tpn, answer)),
    ),
    terminal('POST', 'outcomes', (tpn, body) =>
      asList(parsed(outcomesBodySchema, body)).forEach((outcome) => control.queueOutcome(tpn, outcome)),
    ),
    terminal('POST', 'clear-queues', (tpn) => control.clearQueues(tpn)),
    // addOfflineTransaction validates its input itself.
    terminal('POST', 'offline-transactions', (tpn, body) => ({
      transaction: control.addOfflineTransaction(tpn, body as OfflineTransactionInput),
    })),
  ];
}

/** '/_sim/reset' -> global 'reset'; '/_sim/terminals/T1/online' -> terminal 'online' of T1. */
function locate(path: string): { scope: Route['scope']; name: string; tpn: string } | null {
  const parts = path.split('/').filter(Boolean).slice(1).map(decodeURIComponent);
  if (parts.length === 1) return { scope: 'global', name: parts[0] ?? '', tpn: '' };
  if (parts[0] !== 'terminals' || parts.length > 3 || parts[1] === undefined) return null;
  return { scope: 'terminal', name: parts[2] ?? '', tpn: parts[1] };
}

async function readJsonBody(req: IncomingMessage): Promise<{ ok: true; value: unknown } | { ok: false; status: number; error: string }> {
  const read = await new Promise<BodyResult>((resolve) => readBody(req, resolve));
  if (!read.ok) return { ok: false, status: 413, error: 'Body larger than 1 MiB' };
  if (read.text.trim() === '') return { ok: true, value: {} };
  const json = parseJson(read.text);
  return json.ok ? json : { ok: false, status: 400, error: json.error };
}

export function createControlHttp(control: Control) {
  const table = routes(control);
  return async (req: IncomingMessage, res: ServerResponse, path: string): Promise<void> => {
    const fail = (status: number, error: string, headers?: Record<string, string>) => sendJson(res, status, { ok: false, error }, headers);
    let where: ReturnType<typeof locate>;
    try {
      where = locate(path);
    } catch {
      return fail(400, 'Malformed percent-encoding in path');
    }
    const candidates = where ? table.filter((r) => r.scope === where.scope && r.name === where.name) : [];
    if (!where || candidates.length === 0) return fail(404, `No control route ${path}; see simulator/README.md`);
    const route = candidates.find((r) => r.method === req.method);
    if (!route) {
      const allowed = candidates.map((r) => r.method).join(', ');
      return fail(405, `Use ${allowed} for ${path}`, { Allow: allowed });
    }
    const body = route.method === 'POST' ? await readJsonBody(req) : ({ ok: true, value: {} } as const);
    if (!body.ok) return fail(body.status, body.error, body.status === 413 ? { Connection: 'close' } : undefined);
    try {
      const result = route.action(where.tpn, body.value);
      sendJson(res, 200, { ok: true, ...(typeof result === 'object' && result !== null ? result : {}) });
    } catch (error) {
      if (error instanceof SimulatorControlError) return fail(error.status, error.message);
      throw error;
    }
  };
}
