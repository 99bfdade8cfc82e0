// startServer: wires state, dispatcher, in-process control and persistence behind one node:http
// server. It is the whole simulator the app embeds (embedded.ts); the control API over HTTP and
// the real-world mode are put on top through startServerWith by full-simulator.ts, so none of
// them is part of the app. No framework: the hot path of a Status is parse, a quick check of the
// request, one Map lookup and an answer kept encoded, all in the tick the body arrives (see
// README, Performance).
import { randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { endpointForPath, endpoints, type EndpointDef, type EndpointName } from '@shared/spin';
import { createControl, type SimulatorControl } from './control';
import { BusyWindow } from './busy-window';
import { Dispatcher } from './dispatch';
import { offersEndpoint } from './environment';
import { parseJson, readBody, sendJson } from './http-io';
import { DEMO_TERMINAL, parseOptions, serverOptionsSchema, type ServerOptions } from './options';
import { bare, invalidRequest } from './replies';
import type { StateFile } from './model';
import { SimulatorState, type TerminalCredentials } from './state';
import { loadStateFile, StateFileError, StateWriter } from './state-file';
import { WorkRunner } from './work';

export interface RunningServer<Control extends SimulatorControl = SimulatorControl> {
  /** Base URL, e.g. http://127.0.0.1:43121 (SPIn paths are appended to it). */
  url: string;
  port: number;
  control: Control;
  /** Stops listening, answers held requests, cuts keep-alive sockets and flushes the state file. */
  close(): Promise<void>;
  /**
   * Writes the state file no more (a write under way still ends); the server runs on in memory.
   * For a host that lost its data folder to another process (the app's demo terminal).
   */
  stopSaving(): void;
}

/** What an extension is built from: the run's state, its in-process control and the proxy's pipeline. */
export interface ServerParts {
  state: SimulatorState;
  control: SimulatorControl;
  dispatcher: Dispatcher;
}

/** What is put on top of the plain server (full-simulator.ts: the control API over HTTP, the real-world mode). */
export interface ServerExtension<Control extends SimulatorControl> {
  /** The control handed back to the caller: the in-process one, with whatever the extension adds. */
  control: Control;
  /** Paths answered by `serve` instead of as SPIn requests (the control API under /_sim/). */
  routes?: { path: RegExp; serve: (req: IncomingMessage, res: ServerResponse, path: string) => void | Promise<void> };
  /**
   * Stands in front of the proxy: answers a SPIn request whose body is in its own way, or returns
   * null to leave it to the proxy. Asked for every SPIn request, so its "no" must be cheap.
   */
  front?: (res: ServerResponse, name: EndpointName, path: string, body: unknown) => Promise<void> | null;
  /** close() calls it before it cuts the remaining sockets (answers still being delivered). */
  close?: () => void;
}

/** How long close() lets just-written answers drain before it cuts the remaining sockets. */
const CLOSE_GRACE_MS = 50;

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
function applyPerTerminal<T>(
  state: SimulatorState,
  option: string,
  global: T,
  perTerminal: Record<string, T>,
  set: (value: T, tpn?: string) => void,
): void {
  set(global);
  for (const [tpn, value] of Object.entries(perTerminal)) {
    if (!state.terminals.has(tpn)) throw new TypeError(`Invalid simulator options: ${option} names TPN ${tpn}, which is not served`);
    set(value, tpn);
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

/** The plain server: SPIn over HTTP, controlled in-process only. */
export function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  return startServerWith(options, ({ control }) => ({ control }));
}

/** The server with an extension built from its parts once the state is loaded. */
export async function startServerWith<Control extends SimulatorControl>(
  options: ServerOptions,
  extend: (parts: ServerParts) => ServerExtension<Control>,
): Promise<RunningServer<Control>> {
  const opts = parseOptions(serverOptionsSchema, options);
  const saved = opts.statePath === undefined ? null : await loadStateFile(opts.statePath);
  const savedTerminals = saved?.terminals.map(({ tpn, authkey }) => ({ tpn, authkey })) ?? [];
  const credentials = opts.terminals ?? (savedTerminals.length > 0 ? savedTerminals : [DEMO_TERMINAL]);
  const state = restoreState(opts.seed ?? randomInt(0x1_0000_0000), credentials, saved, opts.statePath);
  applyPerTerminal(state, 'tipModes', opts.tipMode, opts.tipModes, (mode, tpn) => state.setTipMode(mode, tpn));
  applyPerTerminal(state, 'feePrograms', opts.feeProgram, opts.feePrograms, (program, tpn) => state.setFeeProgram(program, tpn));

  const writer = opts.statePath === undefined ? null : new StateWriter(opts.statePath, () => state.toFile());
  if (writer) {
    state.onChange(() => writer.schedule());
    // Writing once at start proves the location is writable before anyone relies on it.
    writer.schedule();
    await writer.flush();
  }

  const runner = new WorkRunner(() => state.changed());
  const dispatcher = new Dispatcher(
    state,
    runner,
    opts.processingDelayMs,
    new BusyWindow(opts.busyAfterApprovalMs),
    opts.unknownFields,
    opts.propertyNames,
  );
  const extension = extend({ state, control: createControl(state, dispatcher.busyWindow), dispatcher });
  const { routes, front } = extension;

  /**
   * A SPIn request whose body (a POST's JSON, a GET's query) is in. Answered in the same tick
   * unless the terminal takes time or the extension's front delays it: no promise on the hot path.
   */
  function answerSpin(res: ServerResponse, name: EndpointName, path: string, json: ReturnType<typeof parseJson>): void | Promise<void> {
    if (!json.ok) return sendJson(res, 400, invalidRequest(`Invalid request data : ${json.error}`));
    const taken = front?.(res, name, path, json.value);
    if (taken) return taken;
    const reply = dispatcher.handle(name, json.value);
    if (reply instanceof Promise) return reply.then((late) => sendJson(res, late.status, late.body));
    sendJson(res, reply.status, reply.body);
  }

  function route(req: IncomingMessage, res: ServerResponse): void | Promise<void> {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (routes?.path.test(path)) return routes.serve(req, res, path);
    const name = endpointForPath(path);
    if (!name || !offersEndpoint(opts.environment, name)) return sendJson(res, 404, bare('2004', `No SPIn endpoint at ${path}`));
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
    extension.close?.();
    server.closeIdleConnections();
    await new Promise((resolve) => setTimeout(resolve, CLOSE_GRACE_MS));
    server.closeAllConnections();
    await closed;
    await writer?.flush();
  };

  return {
    url: `http://${urlHost(opts.host)}:${port}`,
    port,
    control: extension.control,
    close: () => (closing ??= shutdown()),
    stopSaving: () => writer?.stop(),
  };
}
