import type { Component } from 'svelte';
import type { ScreenId } from '../lib/nav';
import SaleScreen from './sale/SaleScreen.svelte';
import TerminalsScreen from './terminals/TerminalsScreen.svelte';

/** One component per navigation entry; a missing one is a type error, not a dead link. */
export const SCREENS: Record<ScreenId, Component> = {
  sale: SaleScreen,
  terminals: TerminalsScreen,
};
