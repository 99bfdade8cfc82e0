// Module layering checked by `npm run lint` (dependency-cruiser), beside ESLint's process
// boundaries: no import cycles anywhere in the app, and the main-process services folders only
// import downwards. tests/lint/layers.test.ts proves both rules bite.

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
  ],
  options: {
    tsConfig: { fileName: 'tsconfig.json' },
    // Type-only imports count: a type cycle is still two files that cannot be read apart.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/|\\.test\\.ts$' },
  },
};
