// The two ends of a fault test's killable child process. The child says events as JSON lines on
// stdout ("loaded", then "reconciled" after "open") and waits for commands on stdin; the test
// starts the next child while the current one works, tells it what to do and kills it with
// SIGKILL at a moment of its choosing. Used by crash.test.ts and disk-crash.test.ts.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

// ---- child side

/** Tells the test something: one JSON line on stdout. */
export function say(event: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify(event)}\n`);
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

/** SIGKILL, resolved once the child is gone (at once if it already is). */
export function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}
