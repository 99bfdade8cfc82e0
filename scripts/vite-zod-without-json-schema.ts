// The renderer build's one change to a dependency: zod without its JSON Schema export.
//
// zod 4's classic API (what shared/ uses) gives every schema .toJSONSchema() and
// ~standard.jsonSchema, so zod/v4/classic/schemas.js itself imports core/to-json-schema.js and
// core/json-schema-processors.js: no import of ours asks for them, yet they cost the renderer
// 5.5 kB gzipped (tests/packaging/renderer-budget.test.ts, BENCHMARKS.md). Nothing in the app
// writes a JSON Schema, in the renderer or anywhere. So, in the renderer build only, zod's own
// imports of those two files get a stand-in with every name they export: the real aggregateChecks
// (which the .minLength, .format and similar getters read) and, for everything else, a function
// that throws saying why.
// Parsing is untouched: none of it goes through either file. The main process, the simulator and
// the tests keep the whole of zod.
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

const JSON_SCHEMA_FILE = /(?:^|\/)(?:to-json-schema|json-schema-processors)\.js$/;
const ZOD_FILE = /\/node_modules\/zod\/v4\//;
const STAND_IN = '\0zod-without-json-schema:';

/** Every name the two real files export: zod's schemas.js reads `processors.stringProcessor` and
 * the like, and a name the stand-in lacks becomes an IMPORT_IS_UNDEFINED build warning. Read from
 * the files themselves, so a zod update that adds a processor needs no change here. */
async function realExports(processorsFile: string): Promise<string[]> {
  const files = [processorsFile, join(dirname(processorsFile), 'to-json-schema.js')];
  const modules = await Promise.all(files.map((file) => import(pathToFileURL(file).href) as Promise<Record<string, unknown>>));
  return [...new Set(modules.flatMap((module) => Object.keys(module)))];
}

/** What a stand-in name is: the real aggregateChecks, an empty processor table, a method factory, or a thrower. */
function standInFor(name: string): string {
  if (name === 'aggregateChecks') return 'realAggregateChecks';
  if (name === 'allProcessors') return 'noProcessors';
  return name.startsWith('create') ? 'createUnavailable' : 'unavailable';
}

async function standInSource(processorsFile: string): Promise<string> {
  const names = await realExports(processorsFile);
  return `import { aggregateChecks as realAggregateChecks } from ${JSON.stringify(processorsFile)};
const unavailable = () => {
  throw new Error("zod's JSON Schema export is left out of the renderer build (scripts/vite-zod-without-json-schema.ts): write JSON Schemas in the main process");
};
const createUnavailable = () => unavailable;
const noProcessors = {};
export { ${names.map((name) => `${standInFor(name)} as ${name}`).join(', ')} };
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
    async load(id) {
      return id.startsWith(STAND_IN) ? await standInSource(id.slice(STAND_IN.length)) : null;
    },
  };
}
