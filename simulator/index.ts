// Public API of the SPIn v2 simulator: the app embeds it as its demo terminal, the tests and
// the CLI start it the same way.
export { startSimulator } from './server';
export type { RunningSimulator } from './server';
export type { SimulatorOptions } from './options';
export { DEMO_TERMINAL } from './options';
export { SimulatorControlError } from './control';
export type { SimulatorControl, TerminalStateView, TerminalSummary } from './control';
export type { CustomerAnswer, PaymentOutcome } from './model';
export type { OfflineTransactionInput } from './control-schemas';
export type { TerminalCredentials } from './state';
export type { WireBody } from './replies';
export type { RealWorldEvent, RealWorldInput, RealWorldSettings, RealWorldView, Variant } from './real-world';
export { VARIANTS } from './real-world';
export type { TipMode } from './tip-mode';
