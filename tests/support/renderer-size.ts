// What the built renderer weighs, gzipped, as the budget test and the measuring script see it:
// the real production build (renderer/vite.config.ts) written to a folder of the caller's, each
// .js and .css file gzipped as Vite's own report does (zlib's default level), and, per source
// package, how many bytes of the minified JavaScript it put in the bundle (the bundler's
// renderedLength), so a size problem names its cause without a visualizer dependency.
// The screens past the first load on demand (renderer/screens/index.ts), so the figure that
// decides how fast the app opens is the INITIAL load: the entry chunk, every chunk it imports
// statically (the browser fetches those before running it) and their CSS, read from Vite's build
// manifest. The lazy chunks are measured too, each on its own, and the whole renderer beside them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';

/** The initial load's budget (issues 27, 41): JavaScript and CSS the app opens with, gzipped, in bytes (Vite's kB). */
export const RENDERER_BUDGET_BYTES = 150_000;

/**
 * The whole renderer's ceiling, every lazy chunk included: what an install carries and what a
 * manager's session loads by the time every screen was opened: every screen's words in English
 * and Spanish (issue 41) came on top of the 187,735 before them; BENCHMARKS.md ("Issue 41: every
 * word in the catalogue") gives the figures, 268,449 with them, and 277,350 once the field rules
 * and shared's money sentences joined them (a rule's words in both languages).
 */
export const RENDERER_CEILING_BYTES = 285_000;

/** One built file and its gzipped size; `modules` are the sources whose code it carries (JavaScript only). */
export interface BuiltFile {
  file: string;
  gzip: number;
  modules: string[];
}

export interface RendererSize {
  /** Every .js and .css file, whether loaded at start or later. */
  jsGzip: number;
  cssGzip: number;
  total: number;
  /** What the page loads before the app runs: the entry chunk, its static imports, their CSS. */
  initial: BuiltFile[];
  initialGzip: number;
  /** The chunks loaded with import() when a screen first opens (and their CSS), biggest first. */
  lazy: BuiltFile[];
  /** Rendered (minified, not gzipped) bytes per package or top-level source folder, biggest first. */
  byOrigin: [string, number][];
  /** Every module the bundle kept code of, as its path from the repository (node_modules/... for packages). */
  modules: string[];
}

/** "zod", "svelte", "renderer/screens/batch", "shared/ipc": where a module came from. */
export function originOf(id: string): string {
  const clean = id.replace(/\?.*$/, '');
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(clean);
  if (inModules) return inModules[1]!;
  const inRepo = /\/(renderer|shared)\/((?:[^/]+\/)?)/.exec(clean);
  if (!inRepo) return 'other';
  const folder = inRepo[2]!.replace(/\/$/, '');
  return folder === '' ? inRepo[1]! : `${inRepo[1]}/${folder}`;
}

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

function sizesByOrigin(into: Map<string, number>, kept: Set<string>, byChunk: Map<string, string[]>): Plugin {
  return {
    name: 'renderer-size',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        const carried: string[] = [];
        for (const [id, module] of Object.entries(file.modules)) {
          into.set(originOf(id), (into.get(originOf(id)) ?? 0) + module.renderedLength);
          // A module tree-shaken to nothing is listed with no rendered code: it does not ship.
          if (module.renderedLength > 0) carried.push(id.replace(/\?.*$/, '').replace(repoRoot, ''));
        }
        carried.forEach((id) => kept.add(id));
        byChunk.set(file.fileName, carried.sort());
      }
    },
  };
}

/** One entry of Vite's build manifest (.vite/manifest.json): a chunk, what it imports and its CSS. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** The files the page loads at start: the entry chunk, its static imports (transitively), and their CSS. */
function initialFiles(manifest: Record<string, ManifestChunk>): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`Vite's manifest names ${key} as an import but has no entry for it`);
    files.add(chunk.file);
    chunk.css?.forEach((css) => files.add(css));
    chunk.imports?.forEach(visit);
  };
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  if (entries.length !== 1) throw new Error(`Expected one entry in Vite's manifest, found ${entries.length}`);
  visit(entries[0]!);
  return files;
}

export async function measureRenderer(outDir: string): Promise<RendererSize> {
  const origins = new Map<string, number>();
  const modules = new Set<string>();
  const byChunk = new Map<string, string[]>();
  // Vite and the Svelte plugin build for production only when NODE_ENV says so (or is unset);
  // under Vitest it says 'test', which would measure Svelte's far bigger development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: fileURLToPath(new URL('../../renderer/vite.config.ts', import.meta.url)),
      mode: 'production',
      logLevel: 'silent',
      plugins: [sizesByOrigin(origins, modules, byChunk)],
      // The manifest says which chunks the entry imports statically; only this measuring build writes one.
      build: { outDir, emptyOutDir: true, manifest: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const atStart = initialFiles(manifest);
  const built: BuiltFile[] = readdirSync(join(outDir, 'assets'))
    .filter((name) => name.endsWith('.js') || name.endsWith('.css'))
    .map((name) => `assets/${name}`)
    .map((file) => ({ file, gzip: gzipSync(readFileSync(join(outDir, file))).length, modules: byChunk.get(file) ?? [] }))
    .sort((a, b) => b.gzip - a.gzip || a.file.localeCompare(b.file));
  const sum = (files: BuiltFile[]) => files.reduce((total, file) => total + file.gzip, 0);
  const jsGzip = sum(built.filter(({ file }) => file.endsWith('.js')));
  const cssGzip = sum(built.filter(({ file }) => file.endsWith('.css')));
  const initial = built.filter(({ file }) => atStart.has(file));
  return {
    jsGzip,
    cssGzip,
    total: jsGzip + cssGzip,
    initial,
    initialGzip: sum(initial),
    lazy: built.filter(({ file }) => !atStart.has(file)),
    byOrigin: [...origins].sort((a, b) => b[1] - a[1]),
    modules: [...modules].sort(),
  };
}
