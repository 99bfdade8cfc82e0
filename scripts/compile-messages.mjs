// `npm run messages`: compiles the message catalogue (i18n/messages/<locale>.json) into typed
// message functions with Paraglide JS, in shared/i18n/paraglide/ (git-ignored). `start`,
// `build:renderer`, `checks` and `test:unit` run it first; the Vite build and the component tests
// run it too (scripts/vite-compile-messages.ts), so a fresh clone needs nothing else.
//
// Offline: settings.json names the message-format plugin by its path in node_modules, not by a CDN
// address. The inlang SDK reads a module given as a path from disk and fetches only http(s) ones.
//
// The messages read the language from shared/i18n/current-language.ts, not Paraglide's runtime.js
// (its cookie, URL and storage detection is unused here and would cost the first load 8 kB gzipped).
//
// Each language but English is its own chunk: Paraglide's "locale-modules" output keeps one file
// per language (messages/<locale>.js) that messages/_index.js imports statically. The import of
// each other language is rewritten below into a binding that loadLocaleMessages(locale) fills
// with import(), so the bundler splits it off; the renderer awaits it before switching
// (renderer/lib/i18n/language.svelte.ts). English stays static and tree-shaken per message.
//
// Skipped when nothing it reads changed since the last run (a hash kept beside the output).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PROJECT = join(root, 'i18n/project.inlang');
const MESSAGES = join(root, 'i18n/messages');
const OUTDIR = join(root, 'shared/i18n/paraglide');
const HASH_FILE = join(OUTDIR, '.source-hash');
/** Where the messages read the language (without its extension, as Vite and esbuild resolve it). */
const CURRENT_LANGUAGE = join(root, 'shared/i18n/current-language');
/**
 * Files of Paraglide's output the app never imports: it reads messages/_index.js, whose language
 * comes from shared/i18n/current-language.ts (see rewriteIndex); runtime.d.ts stays for the types.
 */
const UNUSED = ['messages.js', 'messages.d.ts', 'server.js', 'server.d.ts', 'runtime.js', 'README.md'];
const RUNTIME_IMPORT = 'import { getLocale, experimentalStaticLocale } from "../runtime.js"';

function sourceHash() {
  const hash = createHash('sha256');
  const paraglide = JSON.parse(readFileSync(join(root, 'node_modules/@inlang/paraglide-js/package.json'), 'utf8')).version;
  hash.update(`paraglide ${paraglide}\n`);
  hash.update(readFileSync(fileURLToPath(import.meta.url)));
  hash.update(readFileSync(join(PROJECT, 'settings.json')));
  for (const file of readdirSync(MESSAGES).sort()) hash.update(`${file}\n`).update(readFileSync(join(MESSAGES, file)));
  return hash.digest('hex');
}

/** Paraglide's module id for a locale ("es-US" -> "es_us2"), read back from the import it wrote. */
function localeImport(index, locale) {
  const pattern = new RegExp(`^import \\* as (\\w+) from "\\./${locale.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.js"$`, 'm');
  const found = pattern.exec(index);
  if (!found) throw new Error(`compile-messages: messages/_index.js has no import of ${locale}.js (has Paraglide's output changed?)`);
  return { line: found[0], name: found[1] };
}

/**
 * Points the messages at the app's language, and turns the static import of every language but the
 * base one into a binding filled on demand.
 */
function rewriteIndex(settings) {
  const indexPath = join(OUTDIR, 'messages/_index.js');
  let index = readFileSync(indexPath, 'utf8');
  // The messages read the app's language (shared/i18n/current-language.ts says why not Paraglide's runtime).
  if (!index.includes(RUNTIME_IMPORT))
    throw new Error('compile-messages: messages/_index.js does not import the runtime as expected (has Paraglide changed?)');
  const language = relative(join(OUTDIR, 'messages'), CURRENT_LANGUAGE).replaceAll('\\', '/');
  index = index.replace(RUNTIME_IMPORT, `import { getLocale, experimentalStaticLocale } from ${JSON.stringify(language)}`);
  const lazy = settings.locales.filter((locale) => locale !== settings.baseLocale);
  const cases = [];
  for (const locale of lazy) {
    const { line, name } = localeImport(index, locale);
    index = index.replace(line, `/** @type {typeof import("./${locale}.js")} */\nlet ${name} = /** @type {any} */ (undefined)`);
    cases.push(`\tif (locale === ${JSON.stringify(locale)}) ${name} ??= await import("./${locale}.js")`);
  }
  index += [
    '',
    '/**',
    " * Fetches a language's messages (a chunk of its own); the base locale's are always loaded.",
    ' * Call it and wait before making that language the current one.',
    ' * @param {string} locale',
    ' * @returns {Promise<void>}',
    ' */',
    'export async function loadLocaleMessages(locale) {',
    ...cases,
    '}',
    '',
  ].join('\n');
  writeFileSync(indexPath, index);
  const declarations = join(OUTDIR, 'messages/_index.d.ts');
  writeFileSync(
    declarations,
    `${readFileSync(declarations, 'utf8')}\nexport function loadLocaleMessages(locale: string): Promise<void>;\n`,
  );
}

const hash = sourceHash();
if (existsSync(HASH_FILE) && readFileSync(HASH_FILE, 'utf8') === hash) process.exit(0);

const { compile } = await import('@inlang/paraglide-js');
const settings = JSON.parse(readFileSync(join(PROJECT, 'settings.json'), 'utf8'));
await compile({
  project: PROJECT,
  outdir: OUTDIR,
  outputStructure: 'locale-modules',
  // The app decides the locale (renderer/lib/i18n/language.svelte.ts overwrites getLocale): no
  // cookie, no URL, no storage of Paraglide's own.
  strategy: ['baseLocale'],
  // tsconfig.json does not allow JavaScript: the types come from declarations.
  emitTsDeclarations: true,
  emitReadme: false,
});
rewriteIndex(settings);
for (const file of UNUSED) rmSync(join(OUTDIR, file), { force: true });
// The formatting registry is imported only by messages that format a number or date inline.
const messageFiles = readdirSync(join(OUTDIR, 'messages')).filter((file) => file.endsWith('.js'));
if (!messageFiles.some((file) => readFileSync(join(OUTDIR, 'messages', file), 'utf8').includes('registry.js'))) {
  for (const file of ['registry.js', 'registry.d.ts']) rmSync(join(OUTDIR, file), { force: true });
}
writeFileSync(HASH_FILE, hash);
console.log(`compile-messages: ${settings.locales.join(', ')} -> ${OUTDIR}`);
// The inlang SDK leaves timers behind that would hold the process for half a minute.
process.exit(0);
