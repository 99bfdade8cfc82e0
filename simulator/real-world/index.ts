// The real-world mode (see simulator/README.md): what real deployments do that the plain simulator
// never does. Only the full simulator (full-simulator.ts: the CLI, the tests, the bench) puts it in
// front of the server; the app's embedded simulator does without it.
export { realWorldSchema, VARIANTS, DEFAULT_RATE, DEFAULT_REDIRECT_TO } from './config';
export type { RealWorldInput, RealWorldParsed, RealWorldSettings, Variant } from './config';
export type { Plan, RealWorldEvent } from './plan';
export { MAX_EVENTS, RealWorld, type RealWorldView } from './mode';
export { realWorldExtension, type RealWorldControl } from './front';
