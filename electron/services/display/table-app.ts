import type { z } from 'zod';
import type { PaymentInvoiceForm, SelectedInvoice, SelectInvoiceForm, TerminalAck } from '@shared/ipc/display-views';
import { toDollars } from '@shared/spin/money';
import { AppFailure } from '../app-failure';
import * as m from '@shared/i18n/paraglide/messages/_index.js';
import { ackOf } from './ack';
import { callTerminal, filled, type TerminalDeps } from '../terminal/terminal-call';

// Pay at table (/v2/TableApp): show one invoice on the terminal, or let the customer pick one of
// several. Neither charges anything; paying the picked invoice is a normal Sale afterwards.

/** Shows an invoice with its goods and the payments already made on it. */
export async function runPaymentInvoice(deps: TerminalDeps, form: z.output<typeof PaymentInvoiceForm>): Promise<TerminalAck> {
  const { invoice } = form;
  const answer = await callTerminal(deps, form.profileId, 'PaymentInvoice', () => ({
    ReferenceId: form.referenceId,
    InvoiceData: {
      Id: invoice.id,
      ...(filled(invoice.name) ? { Name: invoice.name } : {}),
      TotalAmount: toDollars(invoice.totalCents),
      PaidAmount: toDollars(invoice.paidCents),
      Goods: invoice.goods.map((good) => ({ Name: good.name, Amount: toDollars(good.amountCents), Quantity: good.quantity })),
      Payments: invoice.payments.map((payment) => ({
        ReferenceId: payment.referenceId,
        ...(filled(payment.name) ? { Name: payment.name } : {}),
        Amount: toDollars(payment.amountCents),
        TipAmount: toDollars(payment.tipCents),
      })),
    },
  }));
  return ackOf(answer.GeneralResponse);
}

/** Lists open invoices on the terminal and answers with the id the customer picked. */
export async function runSelectInvoice(deps: TerminalDeps, form: z.output<typeof SelectInvoiceForm>): Promise<SelectedInvoice> {
  const answer = await callTerminal(deps, form.profileId, 'SelectInvoice', () => ({
    Title: form.title,
    InvoiceList: form.invoices.map((invoice) => ({
      Id: invoice.id,
      ...(filled(invoice.name) ? { Name: invoice.name } : {}),
      Amount: toDollars(invoice.amountCents),
      Type: invoice.type,
    })),
  }));
  const picked = answer.SelectedInvoiceId;
  if (!picked) throw new AppFailure('BAD_RESPONSE', m.svc_invoice_not_said());
  return { selectedInvoiceId: picked };
}
