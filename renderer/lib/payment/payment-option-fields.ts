import type { PaymentOptions } from '@shared/ipc/payment-options';
import type { CartInput } from '@shared/ipc/display-views';
import type { ReceiptOption } from '@shared/spin/enums';

/**
 * What the "More options" panel edits: text as typed, keyed by the contract's field names so an
 * error from main (ApiError.fieldMessage("customerEmail")) lands on the same field as a local one.
 * The payment type is not here: every form shows it as a main field.
 */
export interface OptionFields {
  invoiceNumber: string;
  getReceipt: ReceiptOption;
  printReceipt: ReceiptOption;
  /** '' = the terminal profile's merchant number; '1'..'5' otherwise. */
  merchantNumber: string;
  captureSignature: boolean;
  getExtendedData: boolean;
  callbackUrl: string;
  reconId: string;
  isvId: string;
  customerEmail: string;
  customerMobile: string;
  /** The Cart editor's value: a checked cents cart, or null when empty. */
  cart: CartInput | null;
}

/** Receipts come back to show and print on screen; the terminal prints nothing by default. */
export function defaultOptionFields(): OptionFields {
  return {
    invoiceNumber: '',
    getReceipt: 'Both',
    printReceipt: 'No',
    merchantNumber: '',
    captureSignature: false,
    getExtendedData: false,
    callbackUrl: '',
    reconId: '',
    isvId: '',
    customerEmail: '',
    customerMobile: '',
    cart: null,
  };
}

/** Every field name the panel owns, so a form can tell whether an error belongs inside it. */
export const OPTION_FIELD_NAMES = Object.keys(defaultOptionFields()) as (keyof OptionFields)[];

type OptionInput = Omit<PaymentOptions, 'paymentType'>;

/**
 * The contract's option fields: blanks are left out (absent = default), text is trimmed, and the
 * merchant number becomes a number. `withCart` is false for Return, which carries no Cart.
 */
export function optionInput(fields: OptionFields, withCart = true): OptionInput {
  const text = (value: string) => (value.trim() === '' ? undefined : value.trim());
  const entries: [string, unknown][] = [
    ['invoiceNumber', text(fields.invoiceNumber)],
    ['getReceipt', fields.getReceipt],
    ['printReceipt', fields.printReceipt],
    ['merchantNumber', fields.merchantNumber === '' ? undefined : Number(fields.merchantNumber)],
    ['captureSignature', fields.captureSignature || undefined],
    ['getExtendedData', fields.getExtendedData || undefined],
    ['callbackUrl', text(fields.callbackUrl)],
    ['reconId', text(fields.reconId)],
    ['isvId', text(fields.isvId)],
    ['customerEmail', text(fields.customerEmail)],
    ['customerMobile', text(fields.customerMobile)],
    ['cart', withCart && fields.cart ? fields.cart : undefined],
  ];
  return Object.fromEntries(entries.filter(([, value]) => value !== undefined)) as OptionInput;
}
