import { TerminalRequest } from '../../lib/request/terminal-request.svelte';
import type { InvoiceChoice, SelectedInvoice, TerminalAck } from '@shared/ipc/display-views';

// Module-level so a pick that arrives after the person left the screen is still shown on return.

export type InvoiceTab = 'select' | 'show';

export const invoiceView = $state<{ tab: InvoiceTab; offered: InvoiceChoice[] }>({ tab: 'select', offered: [] });

export const selectRequest = new TerminalRequest<SelectedInvoice>();
export const showRequest = new TerminalRequest<TerminalAck>();

export function invoiceWaiting(): boolean {
  return selectRequest.waiting || showRequest.waiting;
}
