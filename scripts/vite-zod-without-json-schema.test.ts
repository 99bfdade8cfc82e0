import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { zodWithoutJsonSchema } from './vite-zod-without-json-schema';

const zodCore = fileURLToPath(new URL('../node_modules/zod/v4/core/', import.meta.url));
const classicSchemas = fileURLToPath(new URL('../node_modules/zod/v4/classic/schemas.js', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'spin-desk-zod-stand-in-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

// The hooks as Vite calls them, without a build: plain functions here (the plugin uses no context).
const plugin = zodWithoutJsonSchema() as Plugin & {
  resolveId: (source: string, importer?: string) => string | null;
  load: (id: string) => Promise<string | null>;
};

describe("the renderer build's zod without its JSON Schema export", () => {
  it("redirects only zod's own imports of its two JSON Schema files", () => {
    expect(plugin.resolveId('../core/to-json-schema.js', classicSchemas)).toMatch(
      /^\0zod-without-json-schema:.*json-schema-processors\.js$/,
    );
    expect(plugin.resolveId('../core/json-schema-processors.js', classicSchemas)).not.toBeNull();
    // The real files keep importing each other, and the app's own files are never touched.
    expect(plugin.resolveId('./to-json-schema.js', join(zodCore, 'json-schema-processors.js'))).toBeNull();
    expect(plugin.resolveId('./to-json-schema.js', '/repo/renderer/main.ts')).toBeNull();
    expect(plugin.resolveId('../core/schemas.js', classicSchemas)).toBeNull();
  });

  it("keeps zod's real aggregateChecks and says why when a JSON Schema is asked for", async () => {
    const id = plugin.resolveId('../core/json-schema-processors.js', classicSchemas)!;
    const file = join(folder, 'stand-in.mjs');
    writeFileSync(file, (await plugin.load(id))!);
    const standIn = await import(pathToFileURL(file).href);
    const real = await import(pathToFileURL(join(zodCore, 'json-schema-processors.js')).href);
    expect(standIn.aggregateChecks).toBe(real.aggregateChecks);
    expect(() => standIn.toJSONSchema({})).toThrow(/JSON Schema export is left out of the renderer build/);
    expect(() => standIn.createToJSONSchemaMethod({})({})).toThrow(/write JSON Schemas in the main process/);
  });

  it('offers every name the two real files export, so the build warns of no import left undefined', async () => {
    const id = plugin.resolveId('../core/json-schema-processors.js', classicSchemas)!;
    const file = join(folder, 'stand-in-names.mjs');
    writeFileSync(file, (await plugin.load(id))!);
    const standIn = await import(pathToFileURL(file).href);
    const real = [
      ...Object.keys(await import(pathToFileURL(join(zodCore, 'json-schema-processors.js')).href)),
      ...Object.keys(await import(pathToFileURL(join(zodCore, 'to-json-schema.js')).href)),
    ];
    expect(real.filter((name) => !(name in standIn))).toEqual([]);
    expect(() => standIn.stringProcessor({}, {}, {}, {})).toThrow(/JSON Schema export is left out of the renderer build/);
  });
});
