import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

export default {
  preprocess: vitePreprocess(),
  compilerOptions: {
    runes: true,
    // The renderer's 150 kB budget (tests/packaging/renderer-budget.test.ts): no global version
    // marker, and scoping classes of "s" plus the hash rather than "svelte-" plus the hash.
    discloseVersion: false,
    cssHash: ({ hash, css }) => `s${hash(css)}`,
  },
};
