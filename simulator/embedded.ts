// What the app embeds as its demo terminal (electron/services/demo/): the plain server, controlled
// in-process. The control API over HTTP and the real-world mode come only with the full simulator
// (full-simulator.ts), so the app bundle holds neither: .dependency-cruiser.cjs keeps electron/ to
// this file, and tests/integration/electron-bundles.test.ts checks the bundle.
export { startServer, type RunningServer } from './server';
export { StateFileError } from './state-file';
export type { SimulatorControl } from './control';
export type { PaymentOutcome } from './model';
