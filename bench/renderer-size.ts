// What the renderer weighs, the figure the budget test (tests/packaging/renderer-budget.test.ts)
// holds at 150 kB gzipped: the production build into a temporary folder, JavaScript and CSS each
// gzipped as Vite reports them, and the biggest sources before gzip. BENCHMARKS.md records it.
//
//   npx tsx bench/renderer-size.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureRenderer, RENDERER_BUDGET_BYTES } from '../tests/support/renderer-size';

const outDir = mkdtempSync(join(tmpdir(), 'spin-desk-renderer-size-'));
try {
  const size = await measureRenderer(outDir);
  const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  console.log('| Part | gzip bytes |\n| --- | ---: |');
  console.log(`| JavaScript | ${size.jsGzip} |\n| CSS | ${size.cssGzip} |\n| Total | ${size.total} |`);
  console.log(`| Room left under ${kB(RENDERER_BUDGET_BYTES)} | ${RENDERER_BUDGET_BYTES - size.total} |`);
  console.log(
    `\nBiggest before gzip: ${size.byOrigin
      .slice(0, 8)
      .map(([origin, bytes]) => `${origin} ${kB(bytes)}`)
      .join(', ')}`,
  );
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
