import type { PaymentResult, SaleForm } from '../../../shared/ipc/views';
import { toDollars } from '../../../shared/spin/money';
import { AppFailure } from '../app-failure';
import type { ProfileService } from '../profiles/profile-service';
import { createSpinClient, type SpinClientOptions } from '../spin/spin-client';
import { SpinError } from '../spin/spin-error';
import { toPaymentResult } from './payment-result';

type ParsedSale = Required<Pick<SaleForm, 'amountCents' | 'tipCents' | 'referenceId' | 'paymentType' | 'getReceipt'>> &
  Pick<SaleForm, 'profileId' | 'invoiceNumber'>;

/** SpinError codes after which a sent sale may or may not have gone through. */
const OUTCOME_UNKNOWN_CODES = new Set<SpinError['code']>(['NETWORK', 'TIMEOUT', 'BAD_RESPONSE', 'HTTP_STATUS']);

/**
 * Runs one Sale and describes its outcome. Declines and proxy refusals are results (shown on the
 * result card), not app errors; a lost answer is OUTCOME_UNKNOWN, never "try again".
 */
export async function runSale(profiles: ProfileService, form: ParsedSale, clientOptions: SpinClientOptions = {}): Promise<PaymentResult> {
  const target = await profiles.target(form.profileId);
  const client = createSpinClient(target, clientOptions);
  try {
    const response = await client.call('Sale', {
      Amount: toDollars(form.amountCents),
      ...(form.tipCents > 0 ? { TipAmount: toDollars(form.tipCents) } : {}),
      PaymentType: form.paymentType,
      ReferenceId: form.referenceId,
      PrintReceipt: 'No',
      GetReceipt: form.getReceipt,
      ...(form.invoiceNumber ? { InvoiceNumber: form.invoiceNumber } : {}),
      ...(target.merchantNumber ? { MerchantNumber: target.merchantNumber } : {}),
      CaptureSignature: false,
      GetExtendedData: false,
    });
    return toPaymentResult(response, form.referenceId);
  } catch (error) {
    if (!(error instanceof SpinError)) throw error;
    if ((error.code === 'TERMINAL' || error.code === 'PROXY') && error.generalResponse) {
      return toPaymentResult({ ...(error.response as object), GeneralResponse: error.generalResponse }, form.referenceId);
    }
    if (OUTCOME_UNKNOWN_CODES.has(error.code) && !(error.code === 'HTTP_STATUS' && (error.httpStatus ?? 500) < 500)) {
      throw new AppFailure(
        'OUTCOME_UNKNOWN',
        `The sale ${form.referenceId} was sent but its answer was lost (${error.message}). Do not charge the card again: look it up by its reference first.`,
      );
    }
    throw error;
  }
}
