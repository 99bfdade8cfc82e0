// Screens pushed to the customer display. The terminal shows them and answers at once; the
// last one shown is kept per terminal for the control API's state view.
import { ok } from '../replies';
import type { Handler } from './context';

export const Cart: Handler<'Cart'> = ({ terminal }, request) => {
  terminal.lastCart = request.Cart;
  return ok('Cart displayed');
};

export const PaymentInvoice: Handler<'PaymentInvoice'> = ({ terminal }, request) => {
  terminal.lastInvoice = { ReferenceId: request.ReferenceId ?? null, InvoiceData: request.InvoiceData };
  return ok('Invoice displayed');
};
