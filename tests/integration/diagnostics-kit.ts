// Shared by the diagnostics integration tests: the app's real services over a real simulator, and
// small loopback servers for the faults a simulator cannot play (nothing listening, a bad
// certificate, a server that is not SPIn). Credentials are obviously fake.
import { createServer as createHttpServer, type IncomingMessage, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { createAppServices, type AppServices, type AppServicesOptions } from '../../electron/services/app-services';
import { MemoryStore } from '../../electron/services/settings/key-value-store';
import { MemoryVault } from '../../electron/services/vault/secret-vault';
import type { ProfileView } from '@shared/ipc/profile-views';
import { makeSelfSignedCert, type CertOptions } from '../support/self-signed-cert';

/** Obviously fake, 10 characters, and unlike anything else the app shows. */
export const SENTINEL = 'SNTNL7Q2ZX';

export async function startServices(
  options: Pick<AppServicesOptions, 'dataDir' | 'recoveryPolicy' | 'httpGraceMs' | 'demoProcessingDelayMs'> = {},
): Promise<AppServices & { errors: string[] }> {
  const errors: string[] = [];
  const services = await createAppServices({
    store: new MemoryStore(),
    vault: new MemoryVault(),
    info: { name: 'spin-desk', version: 'test', shell: 'browser' },
    log: { error: (message) => errors.push(message) },
    demoProcessingDelayMs: 0,
    ...options,
  });
  return Object.assign(services, { errors });
}

/** Adds a custom-URL terminal through the real channels; `authkey` null leaves it without one. */
export async function addTerminal(
  services: AppServices,
  name: string,
  url: string,
  tpn: string,
  authkey: string | null = SENTINEL,
): Promise<ProfileView> {
  const saved = await services.dispatch('profiles:save', { name, environment: 'custom', customUrl: url, tpn, proxyTimeoutSeconds: 30 });
  if (!saved.ok) throw new Error(saved.error.message);
  const profile = saved.data as ProfileView;
  if (authkey !== null) {
    const keyed = await services.dispatch('profiles:setAuthkey', { id: profile.id, authkey });
    if (!keyed.ok) throw new Error(keyed.error.message);
  }
  return profile;
}

export async function data<T>(services: AppServices, channel: string, input?: unknown): Promise<T> {
  const result = await services.dispatch(channel, input);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
  return result.data as T;
}

const portOf = (server: { address(): AddressInfo | string | null }) => (server.address() as AddressInfo).port;

/** A loopback port nothing listens on (taken, then let go). */
export async function closedPort(): Promise<number> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = portOf(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface LoopbackServer {
  url: string;
  close(): Promise<void>;
}

async function listen(server: Server | ReturnType<typeof createTcpServer>, scheme: string): Promise<LoopbackServer> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `${scheme}://127.0.0.1:${portOf(server)}`,
    close: () =>
      new Promise<void>((resolve) => {
        (server as Server).closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

/** HTTPS on loopback with a certificate made for the test (self-signed unless trusted by the client). */
export function startTlsServer(cert: CertOptions = { ips: ['127.0.0.1'] }): Promise<LoopbackServer & { cert: string }> {
  const made = makeSelfSignedCert(cert);
  const server = createHttpsServer({ cert: made.cert, key: made.key }, (_request, response) => response.end('{}'));
  return listen(server, 'https').then((running) => ({ ...running, cert: made.cert }));
}

/** An HTTP server that answers every request with this status and JSON body. */
/** Answers every request with the same JSON, or with what `answer` says for that request (its method, say). */
export function startJsonServer(
  status: number | ((request: IncomingMessage) => { status: number; body: unknown }),
  body?: unknown,
): Promise<LoopbackServer> {
  const server = createHttpServer((request, response) => {
    const reply = typeof status === 'number' ? { status, body } : status(request);
    response.writeHead(reply.status, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(reply.body));
  });
  return listen(server, 'http');
}

/** Accepts TCP connections and closes them at once: a port that is open but speaks no HTTP. */
export function startSilentTcpServer(): Promise<LoopbackServer> {
  return listen(
    createTcpServer((socket) => socket.destroy()),
    'http',
  );
}
