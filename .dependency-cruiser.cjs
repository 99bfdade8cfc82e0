// Module layering checked by `npm run lint` (dependency-cruiser), beside ESLint's process
// boundaries: no import cycles anywhere in the app, the main-process services folders only
// import downwards, and every module is reached from an entry point. tests/lint/layers.test.ts
// proves the rules bite.

/**
 * electron/services folders, lowest first. A folder may import its own layer and lower ones,
 * never a higher one, so the services can be read (and tested) from the bottom up.
 */
const SERVICE_LAYERS = [
  ['security', 'vault', 'store'],
  ['spin'],
  ['profiles', 'journal', 'demo', 'terminal'],
  ['recovery'],
  ['payments'],
  ['lookups', 'reports', 'display', 'diagnostics', 'data-folder'],
  ['handlers'],
];

const folderPattern = (folders) => `^electron/services/(${folders.join('|')})/`;

const layerRules = SERVICE_LAYERS.slice(0, -1).map((layer, index) => ({
  name: `services-layer-${layer.join('-')}`,
  comment: `${layer.join(', ')} must not import a higher layer (${SERVICE_LAYERS.slice(index + 1)
    .flat()
    .join(', ')}); see docs/ARCHITECTURE.md`,
  severity: 'error',
  from: { path: folderPattern(layer) },
  to: { path: folderPattern(SERVICE_LAYERS.slice(index + 1).flat()) },
}));

/** Where each bundle or process starts; every other module of the app is imported from one of them. */
const ENTRY_POINTS = [
  'electron/main/index.ts', // Electron's main process
  'electron/preload/index.ts', // the preload bundle
  'electron/host/cli.ts', // the browser host (npm run start:browser)
  'electron/services/journal/history-worker.ts', // a worker thread, started by its file name
  'renderer/main.ts', // the renderer bundle
];

const entryPattern = `^(${ENTRY_POINTS.map((path) => path.replaceAll('.', '\\.')).join('|')})$`;

/** Modules nothing in the app imports on purpose: entry points, configuration and what only tests use. */
const NOT_IMPORTED_BY_THE_APP = [
  entryPattern,
  '\\.d\\.ts$',
  '(^|/)vite\\.config\\.ts$',
  '(^|/)(test-support|test-harness)/',
  '-fixtures\\.ts$',
  // Sample SPIn bodies for tests and benchmarks.
  '^shared/spin/examples\\.ts$',
  // Only Field.svelte imports it, as a type: dependency-cruiser reads a .svelte file after its
  // TypeScript is compiled away, so type-only imports from components are invisible to it.
  '^renderer/lib/ui/field-aria\\.ts$',
];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import cycle (type-only imports included): move what both sides need into a lower module.',
      severity: 'error',
      from: { path: '^(electron|shared|renderer)/' },
      to: { circular: true },
    },
    {
      name: 'services-wiring-only-at-the-top',
      comment: 'app-services.ts wires everything; nothing in services imports it.',
      severity: 'error',
      from: { path: '^electron/services/', pathNot: '^electron/services/app-services' },
      to: { path: '^electron/services/app-services' },
    },
    ...layerRules,
    {
      name: 'no-unreachable',
      comment: 'No entry point reaches this module (nothing imports it any more): delete it, or import it where it is used.',
      severity: 'error',
      from: { path: entryPattern },
      to: { path: '^(electron|shared|renderer)/', pathNot: NOT_IMPORTED_BY_THE_APP, reachable: false },
    },
  ],
  options: {
    tsConfig: { fileName: 'tsconfig.json' },
    // Type-only imports count: a type cycle is still two files that cannot be read apart.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/|\\.test\\.ts$' },
  },
};
