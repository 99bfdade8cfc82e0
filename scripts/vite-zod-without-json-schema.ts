// The renderer build's one change to a dependency: zod without its JSON Schema export.
//
// zod 4's classic API (what shared/ uses) gives every schema .toJSONSchema() and
// ~standard.jsonSchema, so zod/v4/classic/schemas.js itself imports core/to-json-schema.js and
// core/json-schema-processors.js: no import of ours asks for them, yet they cost the renderer
// 5.5 kB gzipped (tests/packaging/renderer-budget.test.ts, BENCHMARKS.md). Nothing in the app
// writes a JSON Schema, in the renderer or anywhere. So, in the renderer build only, zod's own
// imports of those two files get a stand-in: the real aggregateChecks (which the .minLength,
// .format and similar getters read) and, for everything else, a function that throws saying why.
// Parsing is untouched: none of it goes through either file. The main process, the simulator and
// the tests keep the whole of zod.
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const JSON_SCHEMA_FILE = /(?:^|\/)(?:to-json-schema|json-schema-processors)\.js$/;
const ZOD_FILE = /\/node_modules\/zod\/v4\//;
const STAND_IN = '\0zod-without-json-schema:';

function standInSource(processorsFile: string): string {
  return `import { aggregateChecks } from ${JSON.stringify(processorsFile)};
export { aggregateChecks };
const unavailable = () => {
  throw new Error("zod's JSON Schema export is left out of the renderer build (scripts/vite-zod-without-json-schema.ts): write JSON Schemas in the main process");
};
export const toJSONSchema = unavailable, initializeContext = unavailable, handleUnrepresentable = unavailable,
  processSchema = unavailable, extractDefs = unavailable, finalize = unavailable;
export { processSchema as process };
export const createToJSONSchemaMethod = () => unavailable, createStandardJSONSchemaMethod = () => unavailable;
export const allProcessors = {};
`;
}

export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'zod-without-json-schema',
    enforce: 'pre',
    resolveId(source, importer) {
      // The two files still import each other (the stand-in's aggregateChecks comes from the real
      // one); the bundler drops what the stand-in does not use.
      if (!importer || !ZOD_FILE.test(importer) || JSON_SCHEMA_FILE.test(importer) || !JSON_SCHEMA_FILE.test(source)) return null;
      return STAND_IN + join(dirname(importer), dirname(source), 'json-schema-processors.js');
    },
    load(id) {
      return id.startsWith(STAND_IN) ? standInSource(id.slice(STAND_IN.length)) : null;
    },
  };
}
