// The browser host (electron/host/cli.ts) as a separate process for tests that need the real
// thing: its start-up on a data folder, its exit code, its API over real HTTP, the demo terminal's
// simulator inside it.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { TOKEN_HEADER } from '../../electron/host/host-guard';
import { exposeCheckout, type ExposedCheckout } from './exposed-checkout';

export interface Host {
  child: ChildProcess;
  origin: string;
  token: string;
  stderr: () => string;
}

/** A host that refused to start. */
export interface Refused {
  exitCode: number;
  stderr: string;
}

/** The host's envelope, loosely typed: each test reads the fields it checks. */
export interface Envelope {
  ok: boolean;
  data?: Record<string, unknown> & { entries?: { referenceId: string; state: string }[]; message?: string };
  error?: { code: string; message: string; remedy?: string };
}

/**
 * Hosts for one test file: registers the hooks that give them a renderer folder to serve (these
 * tests talk to the API) and stop every host a test started when it ends.
 */
export function browserHosts() {
  let staticDir = '';
  const running: ChildProcess[] = [];
  const folders: string[] = [];
  let forNobody: ExposedCheckout | undefined;
  beforeAll(() => {
    staticDir = mkdtempSync(join(tmpdir(), 'host-static-'));
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>spin-desk</title>');
    chmodSync(staticDir, 0o755);
  });
  // Folders go only after their hosts have stopped: a running host may still be writing in one
  // (the demo terminal saves its batch as it changes), and removing it then fails with ENOTEMPTY.
  afterEach(async () => {
    await Promise.all(running.splice(0).map((child) => stopHost(child, 'SIGTERM')));
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });
  afterAll(() => {
    rmSync(staticDir, { recursive: true, force: true });
    forNobody?.close();
  });

  /** A new empty data folder in the temp directory, removed after this test once its hosts stop. */
  function folder(prefix: string): string {
    const created = mkdtempSync(join(tmpdir(), prefix));
    folders.push(created);
    return created;
  }

  /**
   * Starts a host; resolves with its address, or with its exit code when it refuses to start.
   * `asNobody` runs it as the unprivileged user "nobody" (setpriv; the tests run as root), for
   * whom a root-owned folder or file is not writable (or readable, by its mode), from the checkout
   * exposed to it (exposed-checkout.ts: the clone may sit where nobody cannot enter). `nodeArgs` go
   * to Node before the host's own; `env` is added to the host's environment.
   */
  function start(
    dataDir: string,
    { asNobody = false, nodeArgs = [], env = {} }: { asNobody?: boolean; nodeArgs?: string[]; env?: Record<string, string> } = {},
  ): Promise<Host | Refused> {
    const args = [
      ...nodeArgs,
      '--import',
      'tsx',
      'electron/host/cli.ts',
      '--port',
      '0',
      '--data-dir',
      dataDir,
      '--static',
      staticDir,
      '--demo-delay-ms',
      '0',
    ];
    const options: SpawnOptions = { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } };
    const child = asNobody
      ? spawn('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, ...args], {
          ...options,
          cwd: (forNobody ??= exposeCheckout()).dir,
        })
      : spawn(process.execPath, args, options);
    running.push(child);
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    return new Promise((resolve) => {
      createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', (line) => {
        const url = new URL(line);
        resolve({ child, origin: url.origin, token: url.searchParams.get('token') ?? '', stderr: () => stderr });
      });
      child.once('exit', (code) => resolve({ exitCode: code ?? -1, stderr }));
    });
  }

  return { start, folder };
}

export function stopHost(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** The host, or a failure saying why it exited. */
export function started(host: Host | Refused): Host {
  if ('exitCode' in host) throw new Error(`host exited with ${host.exitCode}: ${host.stderr}`);
  return host;
}

export async function call(host: Host, channel: string, input?: unknown): Promise<Envelope> {
  const response = await fetch(`${host.origin}/api/${channel}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [TOKEN_HEADER]: host.token },
    body: JSON.stringify(input ?? null),
  });
  return (await response.json()) as Envelope;
}

export async function sale(host: Host, referenceId: string): Promise<Envelope> {
  return call(host, 'payments:sale', { referenceId, amountCents: 1234, getReceipt: 'No' });
}
