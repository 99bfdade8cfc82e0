import type { PaymentResult } from '@shared/ipc/payment-result-views';

/** The figures of an answer that carries none (a decline, a cancel, a settled-unknown lookup, a balance enquiry): spread into approvedResult's overrides. */
export const NO_FIGURES: Pick<PaymentResult, 'amounts'> = {
  amounts: { total: null, amount: null, tip: null, fee: null, tax: null },
};
