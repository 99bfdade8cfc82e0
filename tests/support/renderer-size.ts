// What the built renderer weighs, gzipped, as the budget test and the measuring script see it:
// the real production build (renderer/vite.config.ts) written to a folder of the caller's, each
// .js and .css file gzipped as Vite's own report does (zlib's default level), and, per source
// package, how many bytes of the minified JavaScript it put in the bundle (the bundler's
// renderedLength), so a size problem names its cause without a visualizer dependency.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';

/** The renderer's whole budget (issue 27): JavaScript and CSS together, gzipped, in bytes (Vite's kB). */
export const RENDERER_BUDGET_BYTES = 150_000;

export interface RendererSize {
  jsGzip: number;
  cssGzip: number;
  total: number;
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

function sizesByOrigin(into: Map<string, number>, kept: Set<string>): Plugin {
  return {
    name: 'renderer-size',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        for (const [id, module] of Object.entries(file.modules)) {
          into.set(originOf(id), (into.get(originOf(id)) ?? 0) + module.renderedLength);
          // A module tree-shaken to nothing is listed with no rendered code: it does not ship.
          if (module.renderedLength > 0) kept.add(id.replace(/\?.*$/, '').replace(repoRoot, ''));
        }
      }
    },
  };
}

export async function measureRenderer(outDir: string): Promise<RendererSize> {
  const origins = new Map<string, number>();
  const modules = new Set<string>();
  // Vite and the Svelte plugin build for production only when NODE_ENV says so (or is unset);
  // under Vitest it says 'test', which would measure Svelte's far bigger development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: fileURLToPath(new URL('../../renderer/vite.config.ts', import.meta.url)),
      mode: 'production',
      logLevel: 'silent',
      plugins: [sizesByOrigin(origins, modules)],
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  const assets = join(outDir, 'assets');
  const gzipped = (extension: string) =>
    readdirSync(assets)
      .filter((name) => name.endsWith(extension))
      .reduce((sum, name) => sum + gzipSync(readFileSync(join(assets, name))).length, 0);
  const jsGzip = gzipped('.js');
  const cssGzip = gzipped('.css');
  return { jsGzip, cssGzip, total: jsGzip + cssGzip, byOrigin: [...origins].sort((a, b) => b[1] - a[1]), modules: [...modules].sort() };
}
