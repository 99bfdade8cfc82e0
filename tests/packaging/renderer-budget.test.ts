// The renderer's size budget (issues 27, 41): what the app opens with (the entry chunk, its static
// imports, their CSS) stays at or under 150 kB gzipped, the heavy screens are not part of it, and
// the whole renderer with every lazy chunk stays under a ceiling. Built for real with Vite's API into a temporary folder, so the check sees
// what ships, whatever the last `npm run build:renderer` left in out/.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import spanish from '../../i18n/messages/es-US.json';
import { messagesNamedByThePage } from '../../scripts/vite-page-messages';
import { measureRenderer, originOf, RENDERER_BUDGET_BYTES, RENDERER_CEILING_BYTES, type RendererSize } from '../support/renderer-size';

const outDir = mkdtempSync(join(tmpdir(), 'spin-desk-renderer-size-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('the renderer bundle', () => {
  let size: RendererSize;
  // One production build for every check below.
  beforeAll(async () => {
    size = await measureRenderer(outDir);
  }, 180_000);

  it('names where a module came from: its package or its folder', () => {
    expect(originOf('/x/node_modules/zod/v4/classic/schemas.js')).toBe('zod');
    expect(originOf('/x/node_modules/@sveltejs/kit/a.js')).toBe('@sveltejs/kit');
    expect(originOf('/repo/renderer/screens/batch/PrintReport.svelte')).toBe('renderer/screens');
    expect(originOf('/repo/shared/ipc/views.ts')).toBe('shared/ipc');
    expect(originOf('/repo/renderer/main.ts')).toBe('renderer');
  });

  it(`opens with at most ${RENDERER_BUDGET_BYTES / 1000} kB gzipped: the entry chunk, its static imports and their CSS`, () => {
    const top = size.byOrigin
      .slice(0, 8)
      .map(([origin, bytes]) => `${origin} ${(bytes / 1000).toFixed(1)} kB`)
      .join(', ');
    // A build that lost its code would pass any ceiling: the app's own parts must be in it.
    expect(size.byOrigin.map(([origin]) => origin)).toEqual(expect.arrayContaining(['svelte', 'renderer/screens', 'renderer/lib']));
    const files = size.initial.map(({ file, gzip }) => `${file} ${gzip}`).join(', ');
    expect(size.initialGzip, `initial load: ${files}; biggest sources before gzip (whole renderer): ${top}`).toBeLessThanOrEqual(
      RENDERER_BUDGET_BYTES,
    );
  });

  it(`stays at most ${RENDERER_CEILING_BYTES / 1000} kB gzipped with every screen loaded, each lazy chunk reported`, () => {
    const lazy = size.lazy.map(({ file, gzip }) => `${file} ${gzip}`).join('\n  ');
    console.info(`Renderer: initial ${size.initialGzip} + lazy ${size.total - size.initialGzip} = ${size.total} bytes gzipped\n  ${lazy}`);
    expect(size.initialGzip + size.lazy.reduce((sum, { gzip }) => sum + gzip, 0)).toBe(size.total);
    expect(size.total, `JS ${size.jsGzip} + CSS ${size.cssGzip} bytes gzipped; lazy chunks:\n  ${lazy}`).toBeLessThanOrEqual(
      RENDERER_CEILING_BYTES,
    );
  });

  it('loads the counter with the app and the other screens only when first opened', () => {
    const atStart = new Set(size.initial.flatMap(({ modules }) => modules));
    const later = new Set(size.lazy.flatMap(({ modules }) => modules));
    // The cashier's first screen must not wait for a chunk.
    expect(atStart).toContain('renderer/screens/payments/SaleScreen.svelte');
    // The heavy screens (Batch with its store report, print layouts and charts first) are fetched
    // on demand: one static import of any of them from the shell would put it back in the initial load.
    for (const screen of [
      'batch/BatchScreen.svelte',
      'batch/PrintReport.svelte',
      'history/HistoryScreen.svelte',
      'troubleshooting/TroubleshootingScreen.svelte',
      'store/StoreScreen.svelte',
      'terminals/TerminalsScreen.svelte',
      'transactions/TransactionsScreen.svelte',
      'prompts/PromptsScreen.svelte',
      'invoices/InvoicesScreen.svelte',
      'level3/Level3Screen.svelte',
    ]) {
      expect(atStart, screen).not.toContain(`renderer/screens/${screen}`);
      expect(later, screen).toContain(`renderer/screens/${screen}`);
    }
  });

  it('ships none of the SPIn request and response schemas: the renderer reads the schema-free endpoint table', () => {
    // Only the main process and the simulator check SPIn messages (shared/spin/endpoints.ts); the
    // renderer needs names and kinds (shared/spin/endpoint-table.ts). One import of endpoints.ts
    // from a screen would bring every schema back (about 4 kB gzipped).
    expect(size.modules).toContain('shared/spin/endpoint-table.ts');
    expect(size.modules.filter((id) => /^shared\/spin\/(requests|responses)\/|^shared\/spin\/endpoints\.ts$/.test(id))).toEqual([]);
  });

  it("carries zod's mini build, not the classic one: the schemas it reads are written with zod/mini", () => {
    // shared/zod-mini.ts: a classic schema brings every check and type of zod with its methods
    // (about 12 kB gzipped). One classic schema built where the renderer reads it brings them back.
    expect(size.modules).toContain('node_modules/zod/v4/mini/schemas.js');
    expect(size.modules.filter((id) => id.startsWith('node_modules/zod/v4/classic/'))).toEqual([]);
    expect(size.modules).not.toContain('node_modules/zod/v4/core/to-json-schema.js');
  });

  it("fetches with Spanish every message the page names and none of main's own", () => {
    const chunk = size.lazy.find(({ file }) => /(^|\/)es-US-[\w-]+\.js$/.test(file));
    expect(chunk, size.lazy.map(({ file }) => file).join(', ')).toBeDefined();
    const code = readFileSync(join(outDir, chunk!.file), 'utf8');
    const page = messagesNamedByThePage();
    // Sentences without parameters are written into the chunk as they are in the catalogue, whole
    // between quotes (one message's words may begin another's).
    const sentences = Object.entries(spanish as Record<string, string>).filter(
      ([key, text]) => !key.startsWith('$') && !text.includes('{') && text.length >= 30 && !/[`\\]/.test(text),
    );
    const shipped = sentences
      .filter(([, text]) => ['"', "'", '`'].some((quote) => code.includes(`${quote}${text}${quote}`)))
      .map(([key]) => key);
    const pageSentences = sentences.filter(([key]) => page.has(key)).map(([key]) => key);
    expect(pageSentences.length).toBeGreaterThan(300);
    expect(sentences.length - pageSentences.length).toBeGreaterThan(100);
    expect(shipped.sort()).toEqual(pageSentences.sort());
  });
});
