import { api } from '../../lib/api';
import type { AuthForm, CaptureForm, ReturnForm, SaleForm } from '@shared/ipc/payment-views';
import {
  AuthForm as AuthSchema,
  CaptureForm as CaptureSchema,
  ReturnForm as ReturnSchema,
  SaleForm as SaleSchema,
} from '@shared/ipc/payment-views';
import type { PaymentResult } from '@shared/ipc/payment-result-views';
import { m } from '../../lib/i18n/messages';
import { withWordsShown } from '../../lib/payment/shown-words';
import { auth, capture, refund, sale, type NewPayment } from './drafts.svelte';

/** The four new payments that share one form, screen and state: what differs between them, in one place. */
export type NewPaymentKind = 'sale' | 'auth' | 'capture' | 'return';

interface NewPaymentSpec {
  /** The words (title to declinedSummary) are read in the language shown (withWordsShown). */
  title: string;
  /** The cashier's word for it: "refund". */
  what: string;
  submitVerb: string;
  /** The form's heading: "Sale details". */
  formTitle: string;
  intro: string;
  /** What the screen does, for the "no terminal" note: "take a sale". */
  purpose: string;
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
  sale: withWordsShown(
    {
      title: m.pay_title_sale,
      what: m.pay_what_sale,
      submitVerb: m.pay_verb_sale,
      formTitle: m.pay_form_title_sale,
      intro: m.pay_intro_sale,
      purpose: m.pay_purpose_sale,
      approvedHeading: m.pay_approved_sale,
      declinedSummary: m.pay_declined_sale,
    },
    {
      confirm: false,
      tip: true,
      cart: true,
      counterSale: true,
      draft: sale,
      schema: SaleSchema,
      send: (input: SaleForm) => api.payments.sale(input),
    },
  ),
  auth: withWordsShown(
    {
      title: m.pay_title_auth,
      what: m.pay_what_auth,
      submitVerb: m.pay_verb_auth,
      formTitle: m.pay_form_title_auth,
      intro: m.pay_intro_auth,
      purpose: m.pay_purpose_auth,
      approvedHeading: m.pay_approved_auth,
      declinedSummary: m.pay_declined_auth,
    },
    {
      confirm: false,
      tip: false,
      cart: true,
      counterSale: false,
      draft: auth,
      schema: AuthSchema,
      send: (input: AuthForm) => api.payments.auth(input),
    },
  ),
  capture: withWordsShown(
    {
      title: m.pay_title_capture,
      what: m.pay_what_capture,
      submitVerb: m.pay_verb_capture,
      formTitle: m.pay_form_title_capture,
      intro: m.pay_intro_capture,
      purpose: m.pay_purpose_capture,
      approvedHeading: m.pay_approved_capture,
      declinedSummary: m.pay_declined_capture,
    },
    {
      confirm: true,
      tip: true,
      cart: true,
      counterSale: false,
      draft: capture,
      schema: CaptureSchema,
      send: (input: CaptureForm) => api.payments.capture(input),
    },
  ),
  return: withWordsShown(
    {
      title: m.pay_title_return,
      what: m.pay_what_refund,
      submitVerb: m.pay_verb_return,
      formTitle: m.pay_form_title_return,
      intro: m.pay_intro_return,
      purpose: m.pay_purpose_return,
      approvedHeading: m.pay_approved_return,
      declinedSummary: m.pay_declined_return,
    },
    {
      confirm: true,
      tip: false,
      cart: false,
      counterSale: false,
      draft: refund,
      schema: ReturnSchema,
      send: (input: ReturnForm) => api.payments.return(input),
    },
  ),
};
