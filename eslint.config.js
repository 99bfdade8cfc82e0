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
            {
              regex: '^\\.{1,2}/(.*/)?(electron|simulator)(/.*)?$',
              message: 'The renderer and shared/ reach the main process only through the IPC contract.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['electron/services/**/*.ts', 'electron/host/**/*.ts', 'simulator/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronBan],
          patterns: [{ regex: '^\\.{1,2}/(.*/)?(main|preload)(/.*)?$', message: 'Services must not depend on the Electron shell.' }],
        },
      ],
    },
  },
];

/** A relative import that climbs into one of these renderer folders. */
const into = (...folders) => `^(\\.\\./)+(${folders.join('|')})(/|$)`;

const libLayer = {
  regex: into('state', 'screens', 'shell'),
  message: 'lib/ is the bottom layer of the renderer: no state/, screens/ or shell/ here. Take what is needed as a prop or an argument.',
};

/**
 * The renderer's layers, lowest first: lib/ (with lib/ui, the basic widgets, at its bottom), then
 * state/ (what several features share), then shell/ (the app's chrome) and screens/ (the features,
 * each with its own state beside it), which do not import each other; App.svelte puts them
 * together. ESLint gives a file the options of the last block naming a rule, so each block repeats
 * the browser rules above and the rules of the layers below it.
 */
const rendererLayers = [
  { files: ['renderer/lib/**/*.{ts,svelte}'], patterns: [libLayer] },
  {
    files: ['renderer/lib/ui/**/*.{ts,svelte}'],
    patterns: [
      libLayer,
      {
        regex: into('payment', 'cart', 'request'),
        message: 'lib/ui holds basic widgets: no payment, cart or terminal-request widgets here.',
      },
      { regex: '^(\\.\\./)+api$', message: 'lib/ui holds basic widgets: they call no api; the component using them does.' },
    ],
  },
  {
    files: ['renderer/state/**/*.{ts,svelte}'],
    patterns: [
      {
        regex: into('screens', 'shell'),
        message:
          'state/ holds what several features share and imports no screen or shell; state used by one feature lives beside its screen.',
      },
    ],
  },
  {
    files: ['renderer/shell/**/*.{ts,svelte}'],
    patterns: [
      {
        regex: into('screens'),
        message: 'The shell is the chrome around the screens and imports none of them; App.svelte puts them together.',
      },
    ],
  },
  {
    files: ['renderer/screens/**/*.{ts,svelte}'],
    patterns: [{ regex: into('shell'), message: 'Screens do not import the shell; what both need lives in state/ or lib/.' }],
  },
].map(({ files, patterns }) => {
  const browser = boundaries[0].rules['no-restricted-imports'][1];
  return { files, rules: { 'no-restricted-imports': ['error', { paths: browser.paths, patterns: [...browser.patterns, ...patterns] }] } };
});

export default tseslint.config(
  { ignores: ['node_modules/', 'out/', 'dist/', 'test-results/', 'coverage/', 'shared/i18n/paraglide/'] },
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
  ...rendererLayers,
);
