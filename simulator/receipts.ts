// Receipt text (docs/PROTOCOL.md §11 markup) and ExtendedDataByApplication for a stored record. Both are
// rendered on demand, so Status with GetReceipt shows the receipt of the record as it is now.
import { toDollars } from '@shared/spin';
import { applicationName, maskedAccount } from './card';
import type { TxRecord } from './model';

export const MERCHANT_NAME = 'SPIN DESK DEMO STORE';

export type ReceiptChoice = 'No' | 'Both' | 'Merchant' | 'Customer';

const money = (cents: number) => toDollars(cents).toFixed(2);

function receiptText(record: TxRecord, type: string, copy: 'CUSTOMER' | 'MERCHANT', batchNumber: number): string {
  const total = record.amountCents + record.feeCents + record.taxCents;
  const lines = [
    `<C><B>${MERCHANT_NAME}</B></C>`,
    `<L>${record.createdAt.slice(0, 19).replace('T', ' ')}</L>`,
    `<L>${type.toUpperCase()}${record.voided ? ' (VOIDED)' : ''}</L>`,
    `<L>${record.card.brand.toUpperCase()} ${maskedAccount(record.card)} ${record.card.entryType.toUpperCase()}</L>`,
    `<L>REF ${record.referenceId}  BATCH ${batchNumber}  TRAN ${record.transactionNumber}</L>`,
    `<L>AMOUNT</L><R>${money(record.amountCents - record.tipCents)}</R>`,
    `<L>TIP</L><R>${money(record.tipCents)}</R>`,
  ];
  if (record.feeCents > 0) lines.push(`<L>FEE</L><R>${money(record.feeCents)}</R>`);
  if (record.taxCents > 0) lines.push(`<L>TAX</L><R>${money(record.taxCents)}</R>`);
  lines.push(`<L><B>TOTAL</B></L><R><B>${money(total)}</B></R>`);
  lines.push(`<L>AUTH ${record.authCode}  RRN ${record.rrn}</L>`);
  lines.push(`<C>${record.statusCode === '0001' ? 'PARTIALLY APPROVED' : 'APPROVED'}</C>`);
  lines.push(`<C>${copy} COPY</C>`);
  // The POS's own text goes under the terminal's, as it was sent (its markup is the POS's).
  if (record.externalReceipt !== '') lines.push(record.externalReceipt);
  return lines.join('');
}

/** Receipts object with the copies GetReceipt asked for; undefined when none were asked for. */
export function receipts(record: TxRecord, type: string, choice: ReceiptChoice | undefined, batchNumber: number) {
  if (choice === undefined || choice === 'No') return undefined;
  const wants = (copy: ReceiptChoice) => choice === 'Both' || choice === copy;
  return {
    Customer: wants('Customer') ? receiptText(record, type, 'CUSTOMER', batchNumber) : '',
    Merchant: wants('Merchant') ? receiptText(record, type, 'MERCHANT', batchNumber) : '',
  };
}

/** docs/PROTOCOL.md §3.4: keyed by the EMV application name, as production does; values are 2-decimal strings. */
export function extendedData(record: TxRecord, batchNumber: number): Record<string, Record<string, string>> {
  const total = record.amountCents + record.feeCents + record.taxCents;
  return {
    [applicationName(record.card)]: {
      Amount: money(record.amountCents),
      Tip: money(record.tipCents),
      Fee: money(record.feeCents),
      TaxAmount: money(record.taxCents),
      TotalAmt: money(total),
      CashBack: '0.00',
      BatchNum: String(batchNumber),
      InvNum: record.invoiceNumber,
      CardType: record.card.brand,
      AcntFirst4: record.card.bin.slice(0, 4),
      AcntLast4: record.card.last4,
      BIN: record.card.bin,
      EntryType: record.card.entryType,
      TransactionID: record.rrn,
      AppName: record.card.brand.toUpperCase(),
    },
  };
}
