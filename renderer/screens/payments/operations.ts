import { api } from '../../lib/api';
import type { AuthForm, CaptureForm, ReturnForm } from '../../../shared/ipc/payment-views';
import { AuthForm as AuthSchema, CaptureForm as CaptureSchema, ReturnForm as ReturnSchema } from '../../../shared/ipc/payment-views';
import type { PaymentResult } from '../../../shared/ipc/views';
import { auth, capture, refund, type NewPayment } from './drafts.svelte';

/** The three new payments that share one form: what differs between them, in one place. */
export type NewPaymentKind = 'auth' | 'capture' | 'return';

interface NewPaymentSpec {
  title: string;
  /** The cashier's word for it: "refund". */
  what: string;
  submitVerb: string;
  approvedHeading: string;
  declinedSummary: string;
  /** Money leaves the merchant or a hold is turned into a charge: ask first (ConfirmDialog). */
  confirm: boolean;
  draft: NewPayment;
  schema: typeof AuthSchema | typeof CaptureSchema | typeof ReturnSchema;
  send: (input: never) => Promise<PaymentResult>;
}

export const NEW_PAYMENTS: Record<NewPaymentKind, NewPaymentSpec> = {
  auth: {
    title: 'Auth',
    what: 'authorization',
    submitVerb: 'Authorize',
    approvedHeading: 'Authorized',
    declinedSummary: 'Nothing was put on hold.',
    confirm: false,
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
    draft: refund,
    schema: ReturnSchema,
    send: (input: ReturnForm) => api.payments.return(input),
  },
};
