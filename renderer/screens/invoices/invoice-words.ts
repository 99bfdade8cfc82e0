import type { RequestCardWords } from '../common/request-card-words';
import { m } from '../../lib/i18n/messages';

// The words of each request panel on this screen: heading, buttons and the notes on its progress.
// Functions, called in the markup, so the words follow a language switch.

export const paymentInvoiceWords = (): RequestCardWords => ({
  id: 'show-invoice-heading',
  title: m.invoice_show_title(),
  send: m.invoice_show_send(),
  sending: m.invoice_sending(),
  what: m.invoice_what_invoice(),
  waitMessage: m.invoice_show_wait(),
  failTitle: m.invoice_show_failed(),
});

export const selectInvoiceWords = (): RequestCardWords => ({
  id: 'select-invoice-heading',
  title: m.invoice_select_title(),
  send: m.invoice_select_send(),
  sending: m.invoice_waiting(),
  clear: m.invoice_clear_answer(),
  what: m.invoice_what_list(),
  waitMessage: m.invoice_select_wait(),
});
