// Stored record -> the wire transaction record (docs/PROTOCOL.md §3.2). Records are kept in cents and
// rendered per request, so Status shows Voided and adjusted tips as they are now.
import { toDollars } from '@shared/spin';
import { cardData, emvData } from './card';
import type { RecordType, TxRecord } from './model';
import { extendedData, receipts, type ReceiptChoice } from './receipts';
import { general, type GeneralResponseWire, type WireBody } from './replies';
import type { Terminal } from './terminal';

/** A 1x1 transparent PNG: what a captured signature looks like on the wire, base64. */
export const SIGNATURE_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

export interface RenderOptions {
  /** TransactionType to report; Void and TipAdjust answer with the original record under their own type. */
  transactionType?: RecordType | 'Void' | 'TipAdjust';
  getReceipt?: ReceiptChoice | undefined;
  getExtendedData?: boolean | undefined;
}

/**
 * The approval as production words it (docs/PROTOCOL.md §3.1): the host text URL-encoded with a
 * trailing space ("APPROVAL%20880848%20"), DetailedMessage the same words unencoded, space kept.
 */
export function approvalResponse(record: TxRecord): GeneralResponseWire {
  const partial = record.statusCode === '0001';
  const text = `${partial ? 'PARTIAL APPROVAL' : 'APPROVAL'} ${record.authCode} `;
  const { DelayBeforeNextRequest: _none, ...words } = general(record.statusCode, text);
  // ISO 8583: 00 approved, 10 approved for a partial amount.
  return { ...words, HostResponseCode: partial ? '10' : '00', HostResponseMessage: encodeURIComponent(text) };
}

export function amounts(record: TxRecord) {
  return {
    TotalAmount: toDollars(record.amountCents + record.feeCents + record.taxCents),
    Amount: toDollars(record.amountCents),
    TipAmount: toDollars(record.tipCents),
    FeeAmount: toDollars(record.feeCents),
    TaxAmount: toDollars(record.taxCents),
  };
}

export function renderRecord(terminal: Terminal, record: TxRecord, options: RenderOptions = {}): WireBody {
  const type = options.transactionType ?? record.transactionType;
  const batchNumber = terminal.batch.number;
  const body: WireBody = {
    GeneralResponse: approvalResponse(record),
    PaymentType: record.paymentType,
    TransactionType: type,
    Amounts: amounts(record),
    AuthCode: record.authCode,
    ReferenceId: record.referenceId,
    InvoiceNumber: record.invoiceNumber,
    SerialNumber: terminal.serialNumber,
    BatchNumber: String(batchNumber),
    TransactionNumber: String(record.transactionNumber),
    Voided: record.voided,
    IPosToken: `IPOS${record.token}`,
    RRN: record.rrn,
    CardData: cardData(record.card),
    EMVData: emvData(record.card, record.authCode),
  };
  // Production answers carry no Token, PNReferenceId, MerchantName, empty Signature or null
  // MerchantNumber (docs/PROTOCOL.md §3.2): a signature only when one was captured, the merchant
  // slot only when the request named one.
  if (record.signature) body.Signature = SIGNATURE_PNG;
  if (record.merchantNumber !== null) body.MerchantNumber = record.merchantNumber;
  const copies = receipts(record, type, options.getReceipt, batchNumber);
  if (copies) body.Receipts = copies;
  if (options.getExtendedData) body.ExtendedDataByApplication = extendedData(record, batchNumber);
  if (record.offlineAt !== null) body.TransactionDateTime = record.offlineAt;
  return body;
}
