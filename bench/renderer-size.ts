// What the renderer weighs, the figures the budget test (tests/packaging/renderer-budget.test.ts)
// holds: the initial load (entry chunk, its static imports, their CSS) at 150 kB gzipped, the whole
// renderer with every lazy chunk under its ceiling. The production build into a temporary folder,
// each file gzipped as Vite reports them, every lazy chunk listed, and the biggest sources before
// gzip. BENCHMARKS.md records it.
//
//   npx tsx bench/renderer-size.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureRenderer, RENDERER_BUDGET_BYTES, RENDERER_CEILING_BYTES } from '../tests/support/renderer-size';

const outDir = mkdtempSync(join(tmpdir(), 'spin-desk-renderer-size-'));
try {
  const size = await measureRenderer(outDir);
  const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  console.log('| Part | gzip bytes |\n| --- | ---: |');
  for (const { file, gzip } of size.initial) console.log(`| initial: ${file} | ${gzip} |`);
  console.log(`| Initial load | ${size.initialGzip} |`);
  console.log(`| Room left under ${kB(RENDERER_BUDGET_BYTES)} | ${RENDERER_BUDGET_BYTES - size.initialGzip} |`);
  console.log(`| Lazy chunks (${size.lazy.length} files) | ${size.total - size.initialGzip} |`);
  console.log(`| Whole renderer: JavaScript ${size.jsGzip} + CSS ${size.cssGzip} | ${size.total} |`);
  console.log(`| Room left under the ${kB(RENDERER_CEILING_BYTES)} ceiling | ${RENDERER_CEILING_BYTES - size.total} |`);
  console.log(`\nLazy chunks: ${size.lazy.map(({ file, gzip }) => `${file.replace(/^assets\//, '')} ${gzip}`).join(', ')}`);
  console.log(
    `\nBiggest before gzip: ${size.byOrigin
      .slice(0, 8)
      .map(([origin, bytes]) => `${origin} ${kB(bytes)}`)
      .join(', ')}`,
  );
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
