import type { Channel } from './contract';

/**
 * Channel names without their schemas: the preload bundle imports only this, so it stays small and
 * free of zod. A test checks it lists exactly the contract's channels.
 */
export const channels = [
  'app:info',
  'profiles:list',
  'profiles:save',
  'profiles:delete',
  'profiles:select',
  'profiles:setAuthkey',
  'profiles:secretStorage',
  'profiles:export',
  'profiles:import',
  'payments:sale',
  'demo:setNext',
] as const satisfies readonly Channel[];
