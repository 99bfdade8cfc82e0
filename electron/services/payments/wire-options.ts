import type { z } from 'zod';
import { cartToWire } from '@shared/ipc/cart-wire';
import type { cartField, paymentCoreFields, paymentOptionFields } from '@shared/ipc/payment-options';
import { wireAmountCents, type TipHandling } from '@shared/ipc/tip-rules';
import { toDollars } from '@shared/spin/money';
import type { TerminalTarget } from '../profiles/profile-service';

type Parsed<T extends z.core.$ZodLooseShape> = z.output<z.ZodObject<T>>;
export type ParsedOptions = Parsed<typeof paymentOptionFields> & Partial<Parsed<typeof paymentCoreFields>>;

/**
 * The wire envelope fields of the extended option set (docs/PROTOCOL.md §2.2). A field the form left out
 * is left out of the request too (the live service answers 2201 to fields it does not expect),
 * except the receipt and signature switches, which the Sale always sent and keep their defaults.
 * The profile's merchant number applies unless the form names another.
 */
export function wireOptions(form: ParsedOptions, target: TerminalTarget) {
  const merchant = form.merchantNumber ?? target.merchantNumber ?? undefined;
  const customFields = {
    ...(form.customerEmail ? { CustomerEmail: form.customerEmail } : {}),
    ...(form.customerMobile ? { CustomerMobile: form.customerMobile } : {}),
  };
  return {
    PrintReceipt: form.printReceipt ?? ('No' as const),
    ...(form.getReceipt ? { GetReceipt: form.getReceipt } : {}),
    ...(form.invoiceNumber ? { InvoiceNumber: form.invoiceNumber } : {}),
    ...(merchant ? { MerchantNumber: merchant } : {}),
    CaptureSignature: form.captureSignature ?? false,
    GetExtendedData: form.getExtendedData ?? false,
    ...(form.callbackUrl ? { CallbackInfo: { Url: form.callbackUrl } } : {}),
    ...(form.reconId ? { ReconId: form.reconId } : {}),
    ...(form.isvId ? { IsvId: form.isvId } : {}),
    ...(Object.keys(customFields).length > 0 ? { CustomFields: customFields } : {}),
  };
}

/** The Cart of Sale, Auth and Capture in wire dollars, when the form has one. */
export function wireCart(form: Partial<Parsed<typeof cartField>>) {
  return form.cart ? { Cart: cartToWire(form.cart) } : {};
}

/**
 * Amount and TipAmount of a Sale or Capture, as the cashier entered them (amount and tip apart).
 * Whether Amount carries the tip depends on the terminal (tip-rules.ts): the profile's remembered
 * handling decides, and an unchecked terminal gets the tip inside Amount, as spin-desk always sent.
 */
export function wireTip(handling: TipHandling | undefined, amountCents: number, tipCents: number) {
  return {
    Amount: toDollars(wireAmountCents(handling, amountCents, tipCents)),
    ...(tipCents > 0 ? { TipAmount: toDollars(tipCents) } : {}),
  };
}

/**
 * Sale's own extras: CustomFee when above 0 (docs/PROTOCOL.md §4.1, "Fees": how the terminal
 * charges it is its fee program's business) and the store's receipt text. Left out when absent,
 * like every optional field (§2.5).
 */
export function wireSaleExtras(form: { customFeeCents?: number | undefined; externalReceipt?: string | undefined }) {
  return {
    ...(form.customFeeCents ? { CustomFee: toDollars(form.customFeeCents) } : {}),
    ...(form.externalReceipt ? { ExternalReceipt: form.externalReceipt } : {}),
  };
}
