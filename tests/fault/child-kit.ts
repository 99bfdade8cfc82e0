// The two ends of a fault test's killable child process. The child says events as JSON lines on
// stdout ("loaded", then "reconciled" after "open", then one per finished Sale with how long it
// took) and waits for commands on stdin; the test starts the next child while the current one
// works, tells it what to do and kills it with SIGKILL at a moment of its choosing, drawn from a
// window scaled to how long a Sale takes (SalePace). Used by crash.test.ts and disk-crash.test.ts.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

// ---- child side

/** Tells the test something: one JSON line on stdout. */
export function say(event: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify(event)}\n`);
}

/** Runs one Sale and measures it: the test scales its kill moments to this (SalePace). */
export async function timeSale<T>(sale: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await sale();
  return { result, ms: Math.round(performance.now() - started) };
}

let commands: AsyncIterator<string> | undefined;
/** Waits for a command line on stdin; the test closing stdin ends the child. */
export async function waitFor(command: string): Promise<void> {
  commands ??= createInterface({ input: process.stdin })[Symbol.asyncIterator]();
  for (let next = await commands.next(); !next.done; next = await commands.next()) if (next.value.trim() === command) return;
  process.exit(0);
}

// ---- test side

/**
 * Bundles a child's entry into one file: it starts in a fraction of the time tsx takes, so dozens
 * of children stay cheap. `remove()` deletes the bundle.
 */
export async function bundleChild(entry: string): Promise<{ script: string; remove(): void }> {
  // Inside the project (node_modules/.cache), so the bundle finds the native modules it leaves out.
  const cache = join(process.cwd(), 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'fault-child-'));
  const script = join(dir, 'child.mjs');
  // Imported here, not at the top: the child imports this file for its side, and its bundle must
  // not load the bundler (esbuild stays external to it).
  const { build } = await import('esbuild');
  await build({
    entryPoints: [entry],
    outfile: script,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    // better-sqlite3 loads its compiled .node file from its own folder: it cannot be bundled.
    external: ['esbuild', 'better-sqlite3'],
    // Bundled CommonJS packages (undici) require Node's modules; an ES module has no require.
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  });
  return { script, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface KilledChild<R> {
  child: ChildProcess;
  /** The child's modules are in ("loaded"). */
  loaded: Promise<void>;
  /** After "open": what the child said once it reconciled the journal. */
  reconciled: Promise<R>;
}

/**
 * Starts `node <args>`. Events other than "loaded" and "reconciled" go to `onEvent`. Both promises
 * reject if the child exits first; a child prepared ahead that dies is reported by whoever awaits it.
 */
export function spawnKilledChild<R>(
  args: string[],
  label: string,
  onEvent: (event: { event: string } & Record<string, unknown>, line: string) => void = () => undefined,
): KilledChild<R> {
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  let loaded = (): void => undefined;
  let reconciled = (_event: R): void => undefined;
  const early = new Promise<never>((_, reject) =>
    child.once('exit', (code, signal) => reject(new Error(`child ${label} exited early (${code ?? signal})`))),
  );
  early.catch(() => undefined);
  const state: KilledChild<R> = {
    child,
    loaded: Promise.race([new Promise<void>((resolve) => (loaded = resolve)), early]),
    reconciled: Promise.race([new Promise<R>((resolve) => (reconciled = resolve)), early]),
  };
  state.loaded.catch(() => undefined);
  state.reconciled.catch(() => undefined);
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
    const event = JSON.parse(line) as { event: string } & Record<string, unknown>;
    if (event.event === 'loaded') loaded();
    else if (event.event === 'reconciled') reconciled(event as unknown as R);
    else onEvent(event, line);
  });
  return state;
}

/**
 * How long a child's first Sale takes on this machine now, from the children's per-Sale events. A
 * kill drawn from a fixed window after "go" lands before the first intent on a loaded machine (load
 * 20: a fresh child's first Sale, with its cold connections, outlasts the whole window), so no Sale
 * is ever taken; drawn from a window a few such Sales long, kills stay spread over every phase of a
 * Sale whatever the load. Only a child's first Sale counts: every kill is timed from a fresh child's
 * "go", and its later, warm Sales are several times faster.
 */
export class SalePace {
  private count = 0;
  private totalMs = 0;
  private firstDone = (): void => undefined;
  private readonly first = new Promise<void>((resolve) => (this.firstDone = resolve));

  /** For one child: call it with each Sale's duration; only the first is recorded. */
  recorder(): (ms: number) => void {
    let recorded = false;
    return (ms) => {
      if (recorded) return;
      recorded = true;
      this.count += 1;
      this.totalMs += ms;
      this.firstDone();
    };
  }

  /** Resolves once a Sale has finished (at once if one has); rejects if `child` exits first. */
  measured(child: ChildProcess): Promise<void> {
    if (this.count > 0) return Promise.resolve();
    const exited = new Promise<never>((_, reject) =>
      child.once('exit', (code, signal) => reject(new Error(`child exited before its first Sale finished (${code ?? signal})`))),
    );
    return Promise.race([this.first, exited]);
  }

  /** The window to draw a moment from: `fixedMs`, or three first Sales (the mean so far) when that is longer. */
  window(fixedMs: number): number {
    return this.count === 0 ? fixedMs : Math.max(fixedMs, (3 * this.totalMs) / this.count);
  }

  /** The mean first Sale in whole ms, for the test's figures. */
  meanMs(): number {
    return this.count === 0 ? 0 : Math.round(this.totalMs / this.count);
  }
}

/** SIGKILL, resolved once the child is gone (at once if it already is). */
export function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}
