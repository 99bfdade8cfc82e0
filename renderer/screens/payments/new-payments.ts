import { api } from '../../lib/api';
import type { AuthForm, CaptureForm, ReturnForm, SaleForm } from '@shared/ipc/payment-views';
import {
  AuthForm as AuthSchema,
  CaptureForm as CaptureSchema,
  ReturnForm as ReturnSchema,
  SaleForm as SaleSchema,
} from '@shared/ipc/payment-views';
import type { PaymentResult } from '@shared/ipc/payment-result-views';
import { auth, capture, refund, sale, type NewPayment } from './drafts.svelte';

/** The four new payments that share one form, screen and state: what differs between them, in one place. */
export type NewPaymentKind = 'sale' | 'auth' | 'capture' | 'return';

interface NewPaymentSpec {
  title: string;
  /** The cashier's word for it: "refund". */
  what: string;
  submitVerb: string;
  approvedHeading: string;
  declinedSummary: string;
  /** Money leaves the merchant or a hold is turned into a charge: ask first (ConfirmDialog). */
  confirm: boolean;
  /** A tip field beside the amount (Sale, Capture); the wire's Amount includes it. */
  tip: boolean;
  /** A Cart for the customer display under "More options" (Return carries none). */
  cart: boolean;
  /**
   * Sale: after a partial approval the card says what is left to collect, a decline offers the
   * same amount again under a new reference, and the check-first warning stays even when the
   * outcome came from a Status lookup.
   */
  counterSale: boolean;
  draft: NewPayment;
  schema: typeof SaleSchema | typeof AuthSchema | typeof CaptureSchema | typeof ReturnSchema;
  send: (input: never) => Promise<PaymentResult>;
}

export const NEW_PAYMENTS: Record<NewPaymentKind, NewPaymentSpec> = {
  sale: {
    title: 'Sale',
    what: 'sale',
    submitVerb: 'Charge',
    approvedHeading: 'Approved',
    declinedSummary: 'Nothing was charged.',
    confirm: false,
    tip: true,
    cart: true,
    counterSale: true,
    draft: sale,
    schema: SaleSchema,
    send: (input: SaleForm) => api.payments.sale(input),
  },
  auth: {
    title: 'Auth',
    what: 'authorization',
    submitVerb: 'Authorize',
    approvedHeading: 'Authorized',
    declinedSummary: 'Nothing was put on hold.',
    confirm: false,
    tip: false,
    cart: true,
    counterSale: false,
    draft: auth,
    schema: AuthSchema,
    send: (input: AuthForm) => api.payments.auth(input),
  },
  capture: {
    title: 'Capture',
    what: 'capture',
    submitVerb: 'Capture',
    approvedHeading: 'Captured',
    declinedSummary: 'The Auth was not captured; nothing was charged.',
    confirm: true,
    tip: true,
    cart: true,
    counterSale: false,
    draft: capture,
    schema: CaptureSchema,
    send: (input: CaptureForm) => api.payments.capture(input),
  },
  return: {
    title: 'Return',
    what: 'refund',
    submitVerb: 'Refund',
    approvedHeading: 'Refund approved',
    declinedSummary: 'No refund was made.',
    confirm: true,
    tip: false,
    cart: false,
    counterSale: false,
    draft: refund,
    schema: ReturnSchema,
    send: (input: ReturnForm) => api.payments.return(input),
  },
};
