// startSimulator: wires state, dispatcher, control API and persistence behind one node:http
// server. No framework: the hot path of a Status is parse, a quick check of the request, one Map
// lookup and an answer kept encoded, all in the tick the body arrives (see README, Performance).
import { randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { endpointForPath, endpoints, type EndpointDef, type EndpointName } from '@shared/spin';
import { createControl, type SimulatorControl } from './control';
import { createControlHttp } from './control-http';
import { Dispatcher } from './dispatch';
import { parseJson, readBody, sendJson } from './http-io';
import { DEMO_TERMINAL, resolveOptions, type SimulatorOptions } from './options';
import { Deliveries, serveRealWorld } from './real-world';
import { bare, invalidRequest } from './replies';
import type { StateFile } from './model';
import { SimulatorState, type TerminalCredentials } from './state';
import { loadStateFile, StateFileError, StateWriter } from './state-file';
import type { TipMode } from './tip-mode';
import { WorkRunner } from './work';

export interface RunningSimulator {
  /** Base URL, e.g. http://127.0.0.1:43121 (SPIn paths are appended to it). */
  url: string;
  port: number;
  control: SimulatorControl;
  /** Stops listening, answers held requests, cuts keep-alive sockets and flushes the state file. */
  close(): Promise<void>;
}

/** How long close() lets just-written answers drain before it cuts the remaining sockets. */
const CLOSE_GRACE_MS = 50;

const CONTROL_PATH = /^\/_sim(\/|$)/i;

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/** A file that parses but contradicts itself (duplicate ReferenceIds, gaps in numbering) is refused too. */
function restoreState(seed: number, credentials: TerminalCredentials[], saved: StateFile | null, path: string | undefined) {
  try {
    return new SimulatorState(seed, credentials, saved?.terminals);
  } catch (error) {
    if (path === undefined) throw error;
    throw new StateFileError(path, `is inconsistent: ${(error as Error).message}`);
  }
}

/** The served terminals are known only once the state file is read, so the TPN check is here. */
function applyTipModes(state: SimulatorState, global: TipMode, perTerminal: Record<string, TipMode>): void {
  state.setTipMode(global);
  for (const [tpn, mode] of Object.entries(perTerminal)) {
    if (!state.terminals.has(tpn)) throw new TypeError(`Invalid simulator options: tipModes names TPN ${tpn}, which is not served`);
    state.setTipMode(mode, tpn);
  }
}

/** A GET endpoint's query as the body its schema checks: request.tpn -> Tpn (names matched case-insensitively). */
function bodyFromQuery(name: EndpointName, url: string): Record<string, unknown> {
  const fieldOf = new Map(
    Object.entries((endpoints[name] as EndpointDef).query ?? {}).map(([field, param]) => [param.toLowerCase(), field]),
  );
  const body: Record<string, unknown> = {};
  for (const [param, value] of new URLSearchParams(url.split('?')[1] ?? '')) {
    const field = fieldOf.get(param.toLowerCase());
    if (field) body[field] = value;
  }
  return body;
}

/** Runs one step of answering a request; a bug in it answers 500 instead of leaving the client waiting. */
function guarded(res: ServerResponse, step: () => void | Promise<void>): void {
  const failed = (error: unknown) => {
    console.error('[simulator] request failed:', error);
    sendJson(res, 500, bare('2110', 'Simulator internal error'));
  };
  try {
    step()?.catch(failed);
  } catch (error) {
    failed(error);
  }
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  const opts = resolveOptions(options);
  const saved = opts.statePath === undefined ? null : await loadStateFile(opts.statePath);
  const savedTerminals = saved?.terminals.map(({ tpn, authkey }) => ({ tpn, authkey })) ?? [];
  const credentials = opts.terminals ?? (savedTerminals.length > 0 ? savedTerminals : [DEMO_TERMINAL]);
  const state = restoreState(opts.seed ?? randomInt(0x1_0000_0000), credentials, saved, opts.statePath);
  applyTipModes(state, opts.tipMode, opts.tipModes);
  state.realWorld.configure(opts.realWorld ?? null);

  const writer = opts.statePath === undefined ? null : new StateWriter(opts.statePath, () => state.toFile());
  if (writer) {
    state.onChange(() => writer.schedule());
    // Writing once at start proves the location is writable before anyone relies on it.
    writer.schedule();
    await writer.flush();
  }

  const runner = new WorkRunner(() => state.changed());
  const dispatcher = new Dispatcher(state, runner, opts.processingDelayMs);
  const control = createControl(state);
  const controlHttp = createControlHttp(control);
  const deliveries = new Deliveries();

  /**
   * A SPIn request whose body (a POST's JSON, a GET's query) is in. Answered in the same tick
   * unless the terminal takes time or the real-world mode delays it: no promise on the hot path.
   */
  function answerSpin(res: ServerResponse, name: EndpointName, path: string, json: ReturnType<typeof parseJson>): void | Promise<void> {
    if (!json.ok) return sendJson(res, 400, invalidRequest(json.error));
    const plan = state.realWorld.plan(name, json.value, path);
    if (plan) {
      const request = typeof json.value === 'object' && json.value !== null ? (json.value as Record<string, unknown>) : {};
      return serveRealWorld({ res, plan, request, handle: () => dispatcher.handle(name, json.value), deliveries });
    }
    const reply = dispatcher.handle(name, json.value);
    if (reply instanceof Promise) return reply.then((late) => sendJson(res, late.status, late.body));
    sendJson(res, reply.status, reply.body);
  }

  function route(req: IncomingMessage, res: ServerResponse): void | Promise<void> {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (CONTROL_PATH.test(path)) return controlHttp(req, res, path);
    const name = endpointForPath(path);
    if (!name) return sendJson(res, 404, bare('2004', `No SPIn endpoint at ${path}`));
    const { method } = endpoints[name] as EndpointDef;
    if (req.method !== method) {
      return sendJson(res, 405, bare('2201', `Method ${req.method} is not allowed on ${path}; use ${method}`), { Allow: method });
    }
    if (method === 'GET') return answerSpin(res, name, path, { ok: true, value: bodyFromQuery(name, req.url ?? '') });
    readBody(req, (read) => {
      if (!read.ok) return sendJson(res, 413, bare('2201', 'Request body larger than 1 MiB'), { Connection: 'close' });
      guarded(res, () => answerSpin(res, name, path, parseJson(read.text)));
    });
  }

  const server = createServer((req, res) => guarded(res, () => route(req, res)));

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;

  let closing: Promise<void> | undefined;
  const shutdown = async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    runner.finishAll();
    deliveries.cancelAll();
    server.closeIdleConnections();
    await new Promise((resolve) => setTimeout(resolve, CLOSE_GRACE_MS));
    server.closeAllConnections();
    await closed;
    await writer?.flush();
  };

  return {
    url: `http://${urlHost(opts.host)}:${port}`,
    port,
    control,
    close: () => (closing ??= shutdown()),
  };
}
