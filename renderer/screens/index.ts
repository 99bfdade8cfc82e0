import type { ScreenId } from '../lib/nav';
import SaleScreen from './payments/SaleScreen.svelte';
import { ScreenChunks, type ScreenSource } from './screen-chunks.svelte';

/**
 * One component per navigation entry; a missing one is a type error, not a dead link.
 * Only the counter (Sale, the first screen a cashier sees) ships in the app's entry chunk; every
 * other screen is its own chunk, fetched with import() when first opened or when the app is idle
 * (PRELOAD_ORDER), so the app opens within its size budget (tests/packaging/renderer-budget.test.ts).
 * The other payment screens share nearly all of Sale's code, so their chunks are small.
 */
export const SCREENS: Record<ScreenId, ScreenSource> = {
  sale: { component: SaleScreen },
  auth: { load: () => import('./payments/AuthScreen.svelte') },
  capture: { load: () => import('./payments/CaptureScreen.svelte') },
  return: { load: () => import('./payments/ReturnScreen.svelte') },
  void: { load: () => import('./payments/VoidScreen.svelte') },
  tipAdjust: { load: () => import('./payments/TipAdjustScreen.svelte') },
  balance: { load: () => import('./payments/BalanceScreen.svelte') },
  transactions: { load: () => import('./transactions/TransactionsScreen.svelte') },
  terminals: { load: () => import('./terminals/TerminalsScreen.svelte') },
  store: { load: () => import('./store/StoreScreen.svelte') },
  batch: { load: () => import('./batch/BatchScreen.svelte') },
  history: { load: () => import('./history/HistoryScreen.svelte') },
  invoices: { load: () => import('./invoices/InvoicesScreen.svelte') },
  level3: { load: () => import('./level3/Level3Screen.svelte') },
  prompts: { load: () => import('./prompts/PromptsScreen.svelte') },
  troubleshooting: { load: () => import('./troubleshooting/TroubleshootingScreen.svelte') },
};

/** The screens fetched once the app is idle, most likely first: a manager's end of day, then the rest. */
export const PRELOAD_ORDER: readonly ScreenId[] = [
  'store',
  'batch',
  'history',
  'transactions',
  'return',
  'void',
  'tipAdjust',
  'auth',
  'capture',
  'balance',
  'terminals',
  'troubleshooting',
  'prompts',
  'invoices',
  'level3',
];

export const screenChunks = new ScreenChunks<ScreenId>(SCREENS);
