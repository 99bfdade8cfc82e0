// Module layering checked by `npm run lint` (dependency-cruiser), beside ESLint's process
// boundaries: no import cycles anywhere in the app or the simulator, the main-process services
// folders and the simulator's modules only import downwards, the app reaches the simulator
// through one door, and every module of the app is reached from an entry point.
// tests/lint/layers.test.ts proves the rules bite.

/**
 * electron/services folders, lowest first. A folder may import its own layer and lower ones,
 * never a higher one, so the services can be read (and tested) from the bottom up.
 */
const SERVICE_LAYERS = [
  ['security', 'vault', 'settings'],
  ['spin'],
  ['profiles', 'journal', 'demo', 'terminal'],
  ['recovery'],
  ['payments'],
  ['lookups', 'reports', 'display', 'diagnostics', 'data-folder'],
  ['store', 'updates'],
  ['handlers'],
];

const folderPattern = (folders) => `^electron/services/(${folders.join('|')})/`;

const serviceLayerRules = SERVICE_LAYERS.slice(0, -1).map((layer, index) => ({
  name: `services-layer-${layer.join('-')}`,
  comment: `${layer.join(', ')} must not import a higher layer (${SERVICE_LAYERS.slice(index + 1)
    .flat()
    .join(', ')}); see docs/ARCHITECTURE.md`,
  severity: 'error',
  from: { path: folderPattern(layer) },
  to: { path: folderPattern(SERVICE_LAYERS.slice(index + 1).flat()) },
}));

/**
 * simulator/ modules (a file without .ts, or a folder), lowest first, with the same rule: a module
 * may import its own layer and lower ones, never a higher one. Every simulator module is in one.
 * - model: what a terminal keeps (records, queues, the state file's schema), tip modes, fee programs,
 *   settings per terminal, the PRNG
 * - wire: SPIn answer bodies, JSON over node:http
 * - state: the terminals, their batches, the state file
 * - handlers: what the terminal does with a request (handlers/ and the records, cards, receipts,
 *   renderings, totals and scenarios they use)
 * - dispatch: the proxy's pipeline (checks in order, busy, think time, SPInProxyTimeout)
 * - control: the test and demo hooks, in-process
 * - server: the plain server the app embeds (embedded.ts is its door)
 * - real-world, control-http: what the full simulator puts on top of it
 * - full: the full simulator (index.ts, the CLI's, tests' and bench's door)
 * - cli: `npm run simulator`
 */
const SIMULATOR_LAYERS = [
  { name: 'model', modules: ['model', 'tip-mode', 'fee-program', 'per-terminal', 'prng'] },
  { name: 'wire', modules: ['replies', 'http-io'] },
  { name: 'state', modules: ['batch', 'terminal', 'state', 'state-file'] },
  {
    name: 'handlers',
    modules: ['handlers', 'card', 'receipts', 'render', 'records', 'totals', 'record-answers', 'scenarios'],
  },
  {
    name: 'dispatch',
    modules: ['dispatch', 'work', 'proxy-rules', 'proxy-wording', 'terminal-rules', 'busy-window', 'accepted-fields', 'property-names'],
  },
  { name: 'control', modules: ['control', 'control-schemas'] },
  { name: 'server', modules: ['server', 'options', 'environment', 'embedded'] },
  { name: 'real-world', modules: ['real-world'] },
  { name: 'control-http', modules: ['control-http'] },
  { name: 'full', modules: ['full-simulator', 'index'] },
  { name: 'cli', modules: ['cli', 'cli-args', 'cli-rules', 'cli-real-world'] },
];

const modulePattern = (modules) => `^simulator/(${modules.join('|')})(\\.ts$|/)`;
const simulatorModules = (layers) => layers.flatMap((layer) => layer.modules);

const simulatorLayerRules = SIMULATOR_LAYERS.slice(0, -1).map((layer, index) => ({
  name: `simulator-layer-${layer.name}`,
  comment: `simulator ${layer.name} (${layer.modules.join(', ')}) must not import a higher layer (${SIMULATOR_LAYERS.slice(index + 1)
    .map((higher) => higher.name)
    .join(', ')}); see docs/ARCHITECTURE.md`,
  severity: 'error',
  from: { path: modulePattern(layer.modules) },
  to: { path: modulePattern(simulatorModules(SIMULATOR_LAYERS.slice(index + 1))) },
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
      from: { path: '^(electron|shared|renderer|simulator)/' },
      to: { circular: true },
    },
    {
      name: 'services-wiring-only-at-the-top',
      comment: 'app-services.ts wires everything; nothing in services imports it.',
      severity: 'error',
      from: { path: '^electron/services/', pathNot: '^electron/services/app-services' },
      to: { path: '^electron/services/app-services' },
    },
    ...serviceLayerRules,
    {
      name: 'simulator-module-in-a-layer',
      comment: 'Every simulator module belongs to one of SIMULATOR_LAYERS: add it to the layer it belongs to.',
      severity: 'error',
      from: {},
      to: { path: '^simulator/', pathNot: modulePattern(simulatorModules(SIMULATOR_LAYERS)) },
    },
    ...simulatorLayerRules,
    {
      name: 'app-embeds-the-plain-simulator',
      comment:
        'The app reaches the simulator only through simulator/embedded.ts, so the real-world mode and the control API over HTTP stay out of its bundle.',
      severity: 'error',
      from: { path: '^electron/' },
      to: { path: '^simulator/', pathNot: '^simulator/embedded\\.ts$' },
    },
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
