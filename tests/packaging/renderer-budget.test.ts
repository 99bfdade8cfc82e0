// The renderer's size budget (issue 27): the whole built renderer, JavaScript and CSS, stays at or
// under 150 kB gzipped. Built for real with Vite's API into a temporary folder, so the check sees
// what ships, whatever the last `npm run build:renderer` left in out/.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureRenderer, originOf, RENDERER_BUDGET_BYTES, type RendererSize } from '../support/renderer-size';

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

  it(`weighs at most ${RENDERER_BUDGET_BYTES / 1000} kB gzipped, JavaScript and CSS together`, () => {
    const top = size.byOrigin
      .slice(0, 8)
      .map(([origin, bytes]) => `${origin} ${(bytes / 1000).toFixed(1)} kB`)
      .join(', ');
    // A build that lost its code would pass any ceiling: the app's own parts must be in it.
    expect(size.byOrigin.map(([origin]) => origin)).toEqual(expect.arrayContaining(['svelte', 'renderer/screens', 'renderer/lib']));
    expect(size.total, `JS ${size.jsGzip} + CSS ${size.cssGzip} bytes gzipped; biggest before gzip: ${top}`).toBeLessThanOrEqual(
      RENDERER_BUDGET_BYTES,
    );
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
});
