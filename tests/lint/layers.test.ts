import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// Proves the module rules of .dependency-cruiser.cjs fire: the project's own config, run by the
// same command `npm run lint` uses, over a small tree of sample files laid out like the app.
const CONFIG = resolve('.dependency-cruiser.cjs');
const DEPCRUISE = resolve('node_modules/.bin/depcruise');

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

/** Writes the files, runs dependency-cruiser over them, returns the names of the rules broken. */
function violations(files: Record<string, string>): string[] {
  root = mkdtempSync(join(tmpdir(), 'layers-'));
  writeFileSync(
    join(root, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', strict: true } }),
  );
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const output = (() => {
    try {
      const tops = [...new Set(Object.keys(files).map((path) => path.split('/')[0] as string))];
      return execFileSync(DEPCRUISE, [...tops, '--config', CONFIG, '--output-type', 'json'], { cwd: root, encoding: 'utf8' });
    } catch (error) {
      // Exit code = number of errors; the report is still on stdout.
      return (error as { stdout: string }).stdout;
    }
  })();
  const report = JSON.parse(output) as { summary: { violations: { rule: { name: string } }[] } };
  return report.summary.violations.map((v) => v.rule.name).sort();
}

// Each case starts dependency-cruiser (a second or two; more on a busy machine).
describe('module layers', { timeout: 60_000 }, () => {
  it('rejects an import cycle, type-only imports included', () => {
    expect(
      violations({
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
  ])('rejects services/%s importing the higher services/%s', (low, high, rule) => {
    expect(
      violations({
        [`electron/services/${low}/low.ts`]: `import { high } from '../${high}/high';\nexport const low = high;\n`,
        [`electron/services/${high}/high.ts`]: 'export const high = 1;\n',
      }),
    ).toEqual([rule]);
  });

  it('allows importing downwards, and nothing but the top imports app-services', () => {
    expect(
      violations({
        'electron/services/payments/pay.ts': "import { record } from '../journal/journal';\nexport const pay = record;\n",
        'electron/services/journal/journal.ts': 'export const record = 1;\n',
      }),
    ).toEqual([]);
    expect(
      violations({
        'electron/services/reports/r.ts': "import { app } from '../app-services';\nexport const r = app;\n",
        'electron/services/app-services.ts': 'export const app = 1;\n',
      }),
    ).toEqual(['services-wiring-only-at-the-top']);
  });

  it('rejects a module no entry point reaches, and lets entry points and test support be', () => {
    expect(
      violations({
        'electron/main/index.ts': "import { used } from '../services/used';\nexport const main = used;\n",
        'electron/services/used.ts': 'export const used = 1;\n',
        'shared/ipc/index.ts': "export * from './views';\n",
        'shared/ipc/views.ts': 'export const view = 1;\n',
        'renderer/test-support/fake.ts': 'export const fake = 1;\n',
      }),
    ).toEqual(['no-unreachable', 'no-unreachable']);
  });
});
