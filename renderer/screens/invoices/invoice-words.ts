import type { RequestCardWords } from '../common/request-card-words';

// The words of each request panel on this screen: heading, buttons and the notes on its progress.

export const PAYMENT_INVOICE_WORDS: RequestCardWords = {
  id: 'show-invoice-heading',
  title: 'Show an invoice on the terminal',
  send: 'Show on the terminal',
  sending: 'Sending…',
  what: 'the invoice',
  waitMessage: 'Sending the invoice to the terminal…',
  failTitle: 'The invoice was not shown',
};

export const SELECT_INVOICE_WORDS: RequestCardWords = {
  id: 'select-invoice-heading',
  title: 'Let the customer pick an invoice',
  send: 'Send to the terminal',
  sending: 'Waiting…',
  clear: 'Clear answer',
  what: 'the invoice list',
  waitMessage: 'Waiting for the customer to pick an invoice on the terminal…',
};
