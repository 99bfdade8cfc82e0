export * from './envelope';
export * from './views';
export * from './profile-transfer';
export * from './contract';
export { channels } from './channels';
export type { Bridge } from './bridge';
