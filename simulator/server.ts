// startSimulator: wires state, dispatcher, control API and persistence behind one node:http
// server. No framework: the hot path is parse, one Map lookup, render, stringify.
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
import { SimulatorState, type TerminalCredentials, type TipMode } from './state';
import { loadStateFile, StateFileError, StateWriter } from './state-file';
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

/** A POST's JSON body; undefined when the answer was already sent (too large) or the client left. */
async function readJson(req: IncomingMessage, res: ServerResponse): Promise<ReturnType<typeof parseJson> | undefined> {
  const read = await readBody(req);
  if (!read.ok) {
    if (read.reason === 'aborted') return undefined; // the client is gone; there is no one to answer
    sendJson(res, 413, bare('2201', 'Request body larger than 1 MiB'), { Connection: 'close' });
    return undefined;
  }
  return parseJson(read.text);
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

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (CONTROL_PATH.test(path)) return controlHttp(req, res, path);
    const name = endpointForPath(path);
    if (!name) return sendJson(res, 404, bare('2004', `No SPIn endpoint at ${path}`));
    const { method } = endpoints[name] as EndpointDef;
    if (req.method !== method) {
      return sendJson(res, 405, bare('2201', `Method ${req.method} is not allowed on ${path}; use ${method}`), { Allow: method });
    }
    const json = method === 'GET' ? { ok: true as const, value: bodyFromQuery(name, req.url ?? '') } : await readJson(req, res);
    if (!json) return;
    if (!json.ok) return sendJson(res, 400, invalidRequest(json.error));
    const handle = () => dispatcher.handle(name, json.value);
    const plan = state.realWorld.plan(name, json.value, path);
    if (plan) {
      const request = typeof json.value === 'object' && json.value !== null ? (json.value as Record<string, unknown>) : {};
      return serveRealWorld({ res, plan, request, handle, deliveries });
    }
    const reply = await handle();
    sendJson(res, reply.status, reply.body);
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      console.error('[simulator] request failed:', error);
      sendJson(res, 500, bare('2110', 'Simulator internal error'));
    });
  });

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
