import type { TransactionView } from '@shared/ipc/payment-views';
import { paymentResultFromRecord } from '../payments/payment-result';
import type { RecordLike } from '../spin/spin-record';

/** A record as Status, StatusList and OfflineStatus return it; every field may be missing. */
export type LookupRecord = RecordLike & {
  PaymentType?: string | null;
  Voided?: boolean | null;
  InvoiceNumber?: string | null;
  MerchantNumber?: number | null;
  TransactionDateTime?: string | null;
};

const filled = (value: string | null | undefined) => (value ? value : undefined);

/**
 * What the transaction screens show of one record. List items need not carry a GeneralResponse
 * of their own (docs/PROTOCOL.md §4.9); such an item is a stored transaction, so it reads as approved.
 */
export function toTransactionView(record: LookupRecord): TransactionView {
  const gr = record.GeneralResponse ?? { ResultCode: '0', StatusCode: '0000', Message: 'Approved' };
  const paymentType = filled(record.PaymentType);
  const invoiceNumber = filled(record.InvoiceNumber);
  const dateTime = filled(record.TransactionDateTime);
  return {
    ...paymentResultFromRecord({ ...record, GeneralResponse: gr }, record.ReferenceId ?? ''),
    voided: record.Voided === true,
    ...(paymentType ? { paymentType } : {}),
    ...(invoiceNumber ? { invoiceNumber } : {}),
    ...(typeof record.MerchantNumber === 'number' && Number.isInteger(record.MerchantNumber)
      ? { merchantNumber: record.MerchantNumber }
      : {}),
    ...(dateTime ? { transactionDateTime: dateTime } : {}),
  };
}
