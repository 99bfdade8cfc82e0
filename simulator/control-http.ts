// The control API over HTTP, under /_sim/. JSON in, JSON out: { ok: true, ... } on success,
// { ok: false, error } with 400 (bad input), 404 (unknown terminal or route), 405, 409 or 413.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import { SimulatorControlError, parseInput, type SimulatorControl } from './control';
import {
  answersBodySchema,
  inUseBodySchema,
  onlineBodySchema,
  outcomesBodySchema,
  resetBodySchema,
  type OfflineTransactionInput,
} from './control-schemas';
import { parseJson, readBody, sendJson } from './http-io';

interface Route {
  method: 'GET' | 'POST';
  /** Global routes live at /_sim/<name>; terminal routes at /_sim/terminals/<tpn>[/<name>]. */
  scope: 'global' | 'terminal';
  action: (tpn: string, body: unknown) => unknown;
}

const parsed = <S extends z.ZodType>(schema: S, body: unknown): z.output<S> => parseInput(schema, body, 'body');

const asList = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

function routes(control: SimulatorControl): Record<string, Route> {
  return {
    health: { method: 'GET', scope: 'global', action: () => ({}) },
    terminals: { method: 'GET', scope: 'global', action: () => ({ terminals: control.listTerminals() }) },
    reset: { method: 'POST', scope: 'global', action: (_, body) => control.reset(parsed(resetBodySchema, body).tpn) },
    '': { method: 'GET', scope: 'terminal', action: (tpn) => ({ state: control.getState(tpn) }) },
    online: { method: 'POST', scope: 'terminal', action: (tpn, body) => control.setOnline(tpn, parsed(onlineBodySchema, body).online) },
    'in-use': { method: 'POST', scope: 'terminal', action: (tpn, body) => control.setInUse(tpn, parsed(inUseBodySchema, body).seconds) },
    // Lists are validated as a whole first, so one bad item queues nothing.
    answers: {
      method: 'POST',
      scope: 'terminal',
      action: (tpn, body) => asList(parsed(answersBodySchema, body)).forEach((answer) => control.queueAnswer(tpn, answer)),
    },
    outcomes: {
      method: 'POST',
      scope: 'terminal',
      action: (tpn, body) => asList(parsed(outcomesBodySchema, body)).forEach((outcome) => control.queueOutcome(tpn, outcome)),
    },
    'clear-queues': { method: 'POST', scope: 'terminal', action: (tpn) => control.clearQueues(tpn) },
    'offline-transactions': {
      method: 'POST',
      scope: 'terminal',
      // addOfflineTransaction validates its input itself.
      action: (tpn, body) => ({ transaction: control.addOfflineTransaction(tpn, body as OfflineTransactionInput) }),
    },
  };
}

/** '/_sim/reset' -> global 'reset'; '/_sim/terminals/T1/online' -> terminal 'online' of T1. */
function locate(path: string): { scope: Route['scope']; name: string; tpn: string } | null {
  const parts = path.split('/').filter(Boolean).slice(1).map(decodeURIComponent);
  if (parts.length === 1) return { scope: 'global', name: parts[0] ?? '', tpn: '' };
  if (parts[0] !== 'terminals' || parts.length > 3 || parts[1] === undefined) return null;
  return { scope: 'terminal', name: parts[2] ?? '', tpn: parts[1] };
}

async function readJsonBody(req: IncomingMessage): Promise<{ ok: true; value: unknown } | { ok: false; status: number; error: string }> {
  const read = await readBody(req);
  if (!read.ok) {
    return read.reason === 'too-large' ? { ok: false, status: 413, error: 'Body larger than 1 MiB' } : { ok: false, status: 400, error: 'Body aborted' };
  }
  if (read.text.trim() === '') return { ok: true, value: {} };
  const json = parseJson(read.text);
  return json.ok ? json : { ok: false, status: 400, error: json.error };
}

export function createControlHttp(control: SimulatorControl) {
  const table = routes(control);
  return async (req: IncomingMessage, res: ServerResponse, path: string): Promise<void> => {
    const fail = (status: number, error: string, headers?: Record<string, string>) =>
      sendJson(res, status, { ok: false, error }, headers);
    let where: ReturnType<typeof locate>;
    try {
      where = locate(path);
    } catch {
      return fail(400, 'Malformed percent-encoding in path');
    }
    const route = where ? table[where.name] : undefined;
    if (!where || !route || route.scope !== where.scope) return fail(404, `No control route ${path}; see simulator/README.md`);
    if (req.method !== route.method) return fail(405, `Use ${route.method} for ${path}`, { Allow: route.method });
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
