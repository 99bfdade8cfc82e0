import type { Component } from 'svelte';
import type { ScreenId } from '../lib/nav';
import BatchScreen from './batch/BatchScreen.svelte';
import HistoryScreen from './history/HistoryScreen.svelte';
import InvoicesScreen from './invoices/InvoicesScreen.svelte';
import Level3Screen from './level3/Level3Screen.svelte';
import PromptsScreen from './prompts/PromptsScreen.svelte';
import AuthScreen from './payments/AuthScreen.svelte';
import BalanceScreen from './payments/BalanceScreen.svelte';
import CaptureScreen from './payments/CaptureScreen.svelte';
import SaleScreen from './payments/SaleScreen.svelte';
import ReturnScreen from './payments/ReturnScreen.svelte';
import TipAdjustScreen from './payments/TipAdjustScreen.svelte';
import VoidScreen from './payments/VoidScreen.svelte';
import TransactionsScreen from './transactions/TransactionsScreen.svelte';
import TerminalsScreen from './terminals/TerminalsScreen.svelte';
import StoreScreen from './store/StoreScreen.svelte';
import TroubleshootingScreen from './troubleshooting/TroubleshootingScreen.svelte';

/** One component per navigation entry; a missing one is a type error, not a dead link. */
export const SCREENS: Record<ScreenId, Component> = {
  sale: SaleScreen,
  auth: AuthScreen,
  capture: CaptureScreen,
  return: ReturnScreen,
  void: VoidScreen,
  tipAdjust: TipAdjustScreen,
  balance: BalanceScreen,
  transactions: TransactionsScreen,
  terminals: TerminalsScreen,
  store: StoreScreen,
  batch: BatchScreen,
  history: HistoryScreen,
  invoices: InvoicesScreen,
  level3: Level3Screen,
  prompts: PromptsScreen,
  troubleshooting: TroubleshootingScreen,
};
