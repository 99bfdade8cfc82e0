import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { fileURLToPath } from 'node:url';
import { zodWithoutJsonSchema } from '../scripts/vite-zod-without-json-schema.ts';
import { compileMessagesPlugin } from '../scripts/vite-compile-messages.ts';
import { pageMessagesOnly } from '../scripts/vite-page-messages.ts';

// Built once into out/renderer; served by Electron's app:// protocol or by the browser host.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  // The root is renderer/, so point the plugin at the repository's svelte.config.js (runes mode).
  // zod's JSON Schema export is left out: the renderer never writes one (see the plugin's file).
  // The message catalogue is compiled first (shared/i18n/paraglide/ is generated, git-ignored), and
  // only the messages the page names are built in (main's own words stay out of its chunks).
  plugins: [
    compileMessagesPlugin(),
    pageMessagesOnly(),
    svelte({ configFile: fileURLToPath(new URL('../svelte.config.js', import.meta.url)) }),
    zodWithoutJsonSchema(),
  ],
  // The one path alias (tsconfig.json "paths"): @shared/ is the top-level shared/ folder.
  resolve: { alias: { '@shared': fileURLToPath(new URL('../shared', import.meta.url)) } },
  build: {
    outDir: fileURLToPath(new URL('../out/renderer', import.meta.url)),
    emptyOutDir: true,
    target: 'chrome130',
    sourcemap: false,
    // Chromium (and so Electron) preloads modules itself; Vite's polyfill for other browsers is dead weight.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // A zod schema the renderer never uses (shared/ipc modules define many, a screen reads a few)
      // is left out: building one has no effect but the object it returns. The app never calls
      // z.config() or registers schemas globally, the only zod calls whose effect outlives them
      // (shared/zod-mini.ts registers English with config(), not z.config(), so that call stays).
      treeshake: { manualPureFunctions: ['z'] },
      // [PLUGIN_TIMINGS] says a plugin took a large share of the build: here that is the Svelte
      // compiler, which is this build's work, so the note (seen on busy machines) has nothing to act on.
      checks: { bundlerTimings: false },
    },
  },
});
