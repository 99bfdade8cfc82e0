import js from '@eslint/js';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import { builtinModules } from 'node:module';
import tseslint from 'typescript-eslint';

// Node's built-in modules, with and without the node: prefix: the renderer and shared/ run in
// Chromium and must not depend on any of them.
const nodeBuiltins = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)];
const electronBan = { name: 'electron', message: 'Only electron/main and electron/preload may import electron.' };

/** The process boundaries of docs/ARCHITECTURE.md, enforced here rather than by good will. */
const boundaries = [
  {
    files: ['renderer/**/*.{ts,svelte}', 'shared/**/*.ts'],
    // The Vite config is build tooling that runs in Node, not part of the page.
    ignores: ['renderer/vite.config.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronBan, ...nodeBuiltins.map((name) => ({ name, message: 'Runs in the browser: no Node built-ins here.' }))],
          patterns: [
            { regex: '^\\.{1,2}/(.*/)?(electron|simulator)(/.*)?$', message: 'The renderer and shared/ reach the main process only through the IPC contract.' },
          ],
        },
      ],
    },
  },
  {
    files: ['electron/services/**/*.ts', 'electron/host/**/*.ts', 'simulator/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [electronBan], patterns: [{ regex: '^\\.{1,2}/(.*/)?(main|preload)(/.*)?$', message: 'Services must not depend on the Electron shell.' }] }],
    },
  },
];

export default tseslint.config(
  { ignores: ['node_modules/', 'out/', 'dist/', 'test-results/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs['flat/recommended'],
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.svelte'] } },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  ...boundaries,
);
