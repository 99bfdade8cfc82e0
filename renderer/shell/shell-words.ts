import type { NAV, ScreenId } from '../lib/nav';
import { m } from '../lib/i18n/messages';

// The sidebar's and the header's words in the person's language, by the ids lib/nav.ts and the
// terminal states give them (their English labels there are still read by the screens).

export const SCREEN_NAMES: Record<ScreenId, () => string> = {
  sale: m.nav_sale,
  auth: m.nav_auth,
  capture: m.nav_capture,
  return: m.nav_return,
  void: m.nav_void,
  tipAdjust: m.nav_tip_adjust,
  balance: m.nav_balance,
  transactions: m.nav_transactions,
  invoices: m.nav_invoices,
  level3: m.nav_level3,
  store: m.nav_store,
  batch: m.nav_batch,
  history: m.nav_history,
  terminals: m.nav_terminals,
  prompts: m.nav_prompts,
  troubleshooting: m.nav_troubleshooting,
};

export const GROUP_NAMES: Record<(typeof NAV)[number]['group'], () => string> = {
  Payments: m.nav_group_payments,
  Store: m.nav_group_store,
  Terminal: m.nav_group_terminal,
};

// The terminal states' words live in state/ (the Store screen says them too).
export { TERMINAL_STATE_NAMES } from '../state/terminal-status.svelte';
