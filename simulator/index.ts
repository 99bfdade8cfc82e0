// Public API of the SPIn v2 simulator for the CLI, the tests and the bench: the full simulator,
// with the control API over HTTP and the real-world mode. The app embeds the plain server through
// embedded.ts instead.
export { startSimulator } from './full-simulator';
export type { RunningSimulator, SimulatorOptions } from './full-simulator';
export type { RunningServer } from './server';
export { DEMO_TERMINAL } from './options';
export { SimulatorControlError } from './control';
export type { SimulatorControl, TerminalStateView, TerminalSummary } from './control';
export type { CustomerAnswer, PaymentOutcome } from './model';
export type { OfflineTransactionInput } from './control-schemas';
export type { TerminalCredentials } from './state';
export type { WireBody } from './replies';
export type { RealWorldControl, RealWorldEvent, RealWorldInput, RealWorldSettings, RealWorldView, Variant } from './real-world';
export { VARIANTS } from './real-world';
export type { TipMode } from './tip-mode';
