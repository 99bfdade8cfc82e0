// The page's build carries only the messages the page's own code names. The catalogue holds the
// main process's words too (its errors, verdicts, dialogs: about 900 of 2,400 messages), and a
// language other than English is one chunk fetched with import() (scripts/compile-messages.mjs),
// which the bundler cannot trim by use: without this, choosing Spanish fetched main's messages as
// well (54 kB gzipped instead of 38).
//
// A message is the page's when `m.<key>` appears in renderer/ or shared/ (every module the page
// can import; they all reach the messages as `m`). In the build, every other message stops being
// exported from the compiled modules, so it is dropped from every chunk. A message imported by
// name instead would fail the build (a missing export); one looked up by a computed name
// (m[key]) would be missing in Spanish: the page names its messages as m.<key> only.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PAGE_FOLDERS = ['renderer', 'shared'];
const COMPILED = /\/shared\/i18n\/paraglide\/messages\/([^/]+)\.js$/;
const NAMED = /\bm\.([a-z][a-z0-9_]*)\b/g;
const EXPORTED = /^export const ([a-z][a-z0-9_]*) =/gm;

function sourcesIn(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|svelte)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !file.includes(`${join('i18n', 'paraglide')}`));
}

/** Every message key the page's code names as `m.<key>`. */
export function messagesNamedByThePage(root = ROOT): Set<string> {
  const named = new Set<string>();
  for (const folder of PAGE_FOLDERS)
    for (const file of sourcesIn(join(root, folder))) for (const [, key] of readFileSync(file, 'utf8').matchAll(NAMED)) named.add(key!);
  return named;
}

/** The compiled module with only the page's messages exported (the rest left for the bundler to drop). */
export function exportOnly(code: string, keep: ReadonlySet<string>): string {
  return code.replace(EXPORTED, (line, key: string) => (keep.has(key) ? line : `const ${key} =`));
}

export function pageMessagesOnly(): Plugin {
  let keep: Set<string> = new Set();
  return {
    name: 'spin-desk-page-messages',
    apply: 'build',
    buildStart() {
      keep = messagesNamedByThePage();
    },
    transform(code, id) {
      if (!COMPILED.test(id.replaceAll('\\', '/'))) return undefined;
      return { code: exportOnly(code, keep), map: null };
    },
  };
}
