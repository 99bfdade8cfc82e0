import { TerminalRequest } from '../../lib/request/terminal-request.svelte';
import type { CardRead, TerminalAck, UserChoiceAnswer, UserInputAnswer } from '@shared/ipc/display-views';

// Module-level so an answer that arrives after the person left the screen is still shown on return.

export type PromptTab = 'input' | 'choice' | 'card' | 'cart';

export const promptView = $state<{ tab: PromptTab }>({ tab: 'input' });

export const userInputRequest = new TerminalRequest<UserInputAnswer>();
export const userChoiceRequest = new TerminalRequest<UserChoiceAnswer>();
export const getCardRequest = new TerminalRequest<CardRead>();
export const cartRequest = new TerminalRequest<TerminalAck>();

/** The terminal runs one request at a time (a second one is refused with 2008, busy). */
export function promptWaiting(): boolean {
  return [userInputRequest, userChoiceRequest, getCardRequest, cartRequest].some((request) => request.waiting);
}
