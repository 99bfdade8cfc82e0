import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { cruise, type ICruiseOptions, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { beforeAll, describe, expect, it } from 'vitest';

// Proves the module rules of .dependency-cruiser.cjs fire: the project's own config, read as
// `npm run lint` reads it, run by dependency-cruiser's own engine (in this process: a case takes
// milliseconds, not the seconds of starting its command) over a small tree of sample files laid
// out like the app.
const CONFIG = resolve('.dependency-cruiser.cjs');

let options: ICruiseOptions;
beforeAll(async () => {
  options = await extractDepcruiseOptions(CONFIG);
});

/** Writes the files, runs dependency-cruiser over them, returns the names of the rules broken. */
async function violations(files: Record<string, string>): Promise<string[]> {
  const root = mkdtempSync(join(tmpdir(), 'layers-'));
  const tsConfigFile = join(root, 'tsconfig.json');
  writeFileSync(tsConfigFile, JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', strict: true } }));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const tops = [...new Set(Object.keys(files).map((path) => path.split('/')[0] as string))];
  try {
    const { output } = await cruise(tops, { ...options, baseDir: root }, {}, { tsConfig: extractTSConfig(tsConfigFile) });
    return (output as ICruiseResult).summary.violations.map((v) => v.rule.name).sort();
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

describe('module layers', () => {
  it('rejects an import cycle, type-only imports included', async () => {
    expect(
      await violations({
        'shared/spin/a.ts': "import type { B } from './b';\nexport type A = { b?: B };\n",
        'shared/spin/b.ts': "import type { A } from './a';\nexport type B = { a?: A };\n",
      }),
    ).toContain('no-circular');
  });

  it.each([
    ['journal', 'payments', 'services-layer-profiles-journal-demo-terminal'],
    ['recovery', 'payments', 'services-layer-recovery'],
    ['spin', 'recovery', 'services-layer-spin'],
    ['diagnostics', 'handlers', 'services-layer-lookups-reports-display-diagnostics-data-folder'],
  ])('rejects services/%s importing the higher services/%s', async (low, high, rule) => {
    expect(
      await violations({
        [`electron/services/${low}/low.ts`]: `import { high } from '../${high}/high';\nexport const low = high;\n`,
        [`electron/services/${high}/high.ts`]: 'export const high = 1;\n',
      }),
    ).toEqual([rule]);
  });

  it('rejects an import cycle in the simulator, type-only imports included', async () => {
    expect(
      await violations({
        'simulator/model.ts': "import type { TipMode } from './tip-mode';\nexport type Model = { tip?: TipMode };\n",
        'simulator/tip-mode.ts': "import type { Model } from './model';\nexport type TipMode = { model?: Model };\n",
      }),
    ).toContain('no-circular');
  });

  it.each([
    ['simulator/state.ts', 'simulator/real-world/index.ts', './real-world', 'simulator-layer-state'],
    ['simulator/model.ts', 'simulator/control-schemas.ts', './control-schemas', 'simulator-layer-model'],
    ['simulator/handlers/payments.ts', 'simulator/dispatch.ts', '../dispatch', 'simulator-layer-handlers'],
    ['simulator/server.ts', 'simulator/control-http.ts', './control-http', 'simulator-layer-server'],
    ['simulator/real-world/front.ts', 'simulator/full-simulator.ts', '../full-simulator', 'simulator-layer-real-world'],
  ])('rejects %s importing the higher %s', async (low, high, specifier, rule) => {
    expect(
      await violations({
        [low]: `import { high } from '${specifier}';\nexport const low = high;\n`,
        [high]: 'export const high = 1;\n',
      }),
    ).toEqual([rule]);
  });

  it('allows the simulator to import downwards, and keeps every simulator module in a layer', async () => {
    expect(
      await violations({
        'simulator/full-simulator.ts': "import { serve } from './server';\nexport const full = serve;\n",
        'simulator/server.ts': "import { handle } from './dispatch';\nexport const serve = handle;\n",
        'simulator/dispatch.ts': "import { Sale } from './handlers/payments';\nexport const handle = Sale;\n",
        'simulator/handlers/payments.ts': "import { cents } from '../model';\nexport const Sale = cents;\n",
        'simulator/model.ts': 'export const cents = 1;\n',
      }),
    ).toEqual([]);
    expect(
      await violations({
        'simulator/dispatch.ts': "import { helper } from './helper';\nexport const handle = helper;\n",
        'simulator/helper.ts': 'export const helper = 1;\n',
      }),
    ).toEqual(['simulator-module-in-a-layer']);
  });

  it('lets the app reach the simulator only through simulator/embedded.ts', async () => {
    const files = (specifier: string) => ({
      'electron/main/demo.ts': `import { start } from '${specifier}';\nexport const demo = start;\n`,
      'simulator/embedded.ts': 'export const start = 1;\n',
      'simulator/index.ts': 'export const start = 2;\n',
    });
    expect(await violations(files('../../simulator/embedded'))).toEqual([]);
    expect(await violations(files('../../simulator'))).toEqual(['app-embeds-the-plain-simulator']);
  });

  it('allows importing downwards, and nothing but the top imports app-services', async () => {
    expect(
      await violations({
        'electron/services/payments/pay.ts': "import { record } from '../journal/journal';\nexport const pay = record;\n",
        'electron/services/journal/journal.ts': 'export const record = 1;\n',
      }),
    ).toEqual([]);
    expect(
      await violations({
        'electron/services/reports/r.ts': "import { app } from '../app-services';\nexport const r = app;\n",
        'electron/services/app-services.ts': 'export const app = 1;\n',
      }),
    ).toEqual(['services-wiring-only-at-the-top']);
  });

  it('rejects a module no entry point reaches, and lets entry points and test support be', async () => {
    expect(
      await violations({
        'electron/main/index.ts': "import { used } from '../services/used';\nexport const main = used;\n",
        'electron/services/used.ts': 'export const used = 1;\n',
        'shared/ipc/index.ts': "export * from './views';\n",
        'shared/ipc/views.ts': 'export const view = 1;\n',
        'renderer/test-support/fake.ts': 'export const fake = 1;\n',
      }),
    ).toEqual(['no-unreachable', 'no-unreachable']);
  });
});
