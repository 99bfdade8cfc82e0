// How real SPIn deployments write the same answer differently (docs/PROTOCOL.md §3.1, §3.5:
// codes as numbers, optional fields in other types, fields no document lists, nulls), and the two
// lookup answers real services give that the simulator's terminal never would on its own (1000 busy
// echoing the lookup, 2009 "Transaction not found"). Each function changes a copy of the answer in
// place and says whether it changed anything. Which fields change is decided by the request's plan
// (plan.ts), never by Math.random, so the same seed gives the same answers.
import { general, type WireBody } from '../replies';

type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The transaction records of an answer: the answer itself when it is one (payments, Status, a
 * refused payment), and the items of a StatusList or OfflineStatus list.
 */
export function recordsOf(body: Json): Json[] {
  const own = 'TransactionType' in body || 'Amounts' in body ? [body] : [];
  const list = Array.isArray(body.Transactions) ? body.Transactions.filter(isObject) : [];
  return [...own, ...list];
}

/** The answer's own GeneralResponse and those of its list items. */
export function generalResponsesOf(body: Json): Json[] {
  return [body, ...(Array.isArray(body.Transactions) ? body.Transactions.filter(isObject) : [])]
    .map((holder) => holder.GeneralResponse)
    .filter(isObject);
}

/**
 * ResultCode as a JSON number ("0" becomes 0), as some environments send it (docs/PROTOCOL.md §3.1);
 * production also sends the string "0", plain mode's form. StatusCode stays text: "0000" as 0 would
 * be a shape no record shows.
 */
export function numericCodes(body: Json): boolean {
  let changed = false;
  for (const gr of generalResponsesOf(body)) {
    const value = gr.ResultCode;
    if (typeof value === 'string' && /^\d+$/.test(value)) {
      gr.ResultCode = Number(value);
      changed = true;
    }
  }
  return changed;
}

const digitsToNumber = (field: string) => (record: Json) => {
  const value = record[field];
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value)) return false;
  record[field] = Number(value);
  return true;
};

/**
 * Optional fields in the other types seen in clients' and servers' code (docs/PROTOCOL.md §3.5).
 * The plan's mask picks which of them a given answer gets.
 */
const OFF_TYPES: readonly ((record: Json) => boolean)[] = [
  // Voided as "Y" / "N".
  (record) => {
    if (typeof record.Voided !== 'boolean') return false;
    record.Voided = record.Voided ? 'Y' : 'N';
    return true;
  },
  // Receipts as one text instead of { Customer, Merchant }; "" when none was asked for.
  (record) => {
    const receipts = record.Receipts;
    const copies = isObject(receipts) ? [receipts.Customer, receipts.Merchant].filter((t) => typeof t === 'string' && t !== '') : [];
    record.Receipts = copies.join('\n');
    return true;
  },
  // MerchantNumber as text.
  (record) => {
    if (!('MerchantNumber' in record) || typeof record.MerchantNumber === 'string') return false;
    record.MerchantNumber = record.MerchantNumber === null ? '' : String(record.MerchantNumber);
    return true;
  },
  // Numbers where the documents say text.
  digitsToNumber('TransactionNumber'),
  digitsToNumber('BatchNumber'),
  digitsToNumber('RRN'),
  (record) => {
    const card = record.CardData;
    return isObject(card) && digitsToNumber('Last4')(card);
  },
  // Text where the documents say numbers: amounts as "12.50".
  (record) => {
    const amounts = record.Amounts;
    if (!isObject(amounts)) return false;
    let changed = false;
    for (const [key, value] of Object.entries(amounts)) {
      if (typeof value === 'number') {
        amounts[key] = value.toFixed(2);
        changed = true;
      }
    }
    return changed;
  },
];
export const OFF_TYPE_COUNT = OFF_TYPES.length;

export function offType(body: Json, mask: readonly boolean[]): boolean {
  let changed = false;
  for (const record of recordsOf(body)) {
    OFF_TYPES.forEach((change, i) => {
      if (mask[i] && change(record)) changed = true;
    });
  }
  return changed;
}

type Place = 'record' | 'GeneralResponse' | 'Amounts' | 'CardData';

/** The object a field lives in: the record itself or one of its nested objects (absent: none). */
function holder(record: Json, place: Place): Json | undefined {
  if (place === 'record') return record;
  const nested = record[place];
  return isObject(nested) ? nested : undefined;
}

/** Plausible fields no SPIn document lists (names modelled on other gateways' answers). */
const EXTRAS: readonly { place: Place; key: string; value: unknown }[] = [
  { place: 'record', key: 'ProcessorName', value: 'TSYS' },
  { place: 'record', key: 'TransactionDateTimeUtc', value: '2026-01-01T12:00:00Z' },
  { place: 'record', key: 'Surcharge', value: { Amount: 0, Label: '' } },
  { place: 'record', key: 'Tags', value: [] },
  { place: 'record', key: 'IsOffline', value: false },
  { place: 'GeneralResponse', key: 'TraceId', value: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' },
  { place: 'GeneralResponse', key: 'ErrorCode', value: null },
  { place: 'Amounts', key: 'CashbackAmount', value: 0 },
  { place: 'Amounts', key: 'SurchargeAmount', value: 0 },
  { place: 'CardData', key: 'IsDebit', value: false },
  { place: 'CardData', key: 'CardholderVerification', value: 'None' },
];
export const EXTRA_COUNT = EXTRAS.length;

/** Adds unknown fields to the answer and to each listed record; a field already there is left alone. */
export function extraFields(body: Json, mask: readonly boolean[]): boolean {
  let changed = false;
  const targets = [body, ...recordsOf(body).filter((record) => record !== body)];
  for (const target of targets) {
    EXTRAS.forEach(({ place, key, value }, i) => {
      const into = mask[i] ? holder(target, place) : undefined;
      if (into && !(key in into)) {
        into[key] = structuredClone(value);
        changed = true;
      }
    });
  }
  return changed;
}

/**
 * Optional fields that may come as null. Never the ones that say what happened: ResultCode,
 * StatusCode, ReferenceId, TransactionType, PaymentType, Voided, BatchNumber and the Amount and
 * TotalAmount the recovery of a lost answer compares. TipAmount may be null: the docs' own sample
 * answers it so (docs/PROTOCOL.md §3.2), and a client must then not read it as "no tip was set".
 */
const NULLABLE: readonly { place: Place; key: string }[] = [
  ...['Message', 'DetailedMessage', 'DelayBeforeNextRequest', 'HostResponseCode', 'HostResponseMessage'].map((key) => ({
    place: 'GeneralResponse' as const,
    key,
  })),
  ...[
    'AuthCode',
    'InvoiceNumber',
    'SerialNumber',
    'TransactionNumber',
    'Signature',
    'IPosToken',
    'Token',
    'RRN',
    'PNReferenceId',
    'MerchantNumber',
    'MerchantName',
    'CardData',
    'EMVData',
    'Receipts',
    'ExtendedDataByApplication',
  ].map((key) => ({ place: 'record' as const, key })),
  { place: 'Amounts', key: 'FeeAmount' },
  { place: 'Amounts', key: 'TaxAmount' },
  { place: 'Amounts', key: 'TipAmount' },
];
export const NULLABLE_COUNT = NULLABLE.length;

/** Nulls for optional fields: record fields only in records, GeneralResponse fields in every answer. */
export function nulls(body: Json, mask: readonly boolean[]): boolean {
  let changed = false;
  const records = recordsOf(body);
  const targets = records.includes(body) ? records : [body, ...records];
  for (const target of targets) {
    const isRecord = records.includes(target);
    NULLABLE.forEach(({ place, key }, i) => {
      if (!mask[i] || (place !== 'GeneralResponse' && !isRecord)) return;
      const into = holder(target, place);
      // Only a field the answer carries: a null must not bring back one production never sends.
      if (into && key in into && into[key] !== null) {
        into[key] = null;
        changed = true;
      }
    });
  }
  return changed;
}

/**
 * 1000 on a lookup that reached the terminal, echoing the ReferenceId and the TransactionType of the
 * record it found (Status when none), like the docs' error sample. It says nothing about whether the
 * payment happened. A proxy refusal (2xxx) stays as it is: that lookup never reached the terminal.
 */
export function busyLookup(reply: WireBody, request: Json): WireBody | null {
  const resultCode = reply.GeneralResponse.ResultCode;
  if (resultCode !== '0' && resultCode !== '1') return null;
  const type = typeof reply.TransactionType === 'string' && reply.TransactionType !== '' ? reply.TransactionType : 'Status';
  return {
    GeneralResponse: { ...general('1000', 'Terminal is busy, try again later'), HostResponseCode: '', HostResponseMessage: '' },
    PaymentType: reply.PaymentType ?? request.PaymentType ?? '',
    TransactionType: type,
    Amounts: { TotalAmount: null, Amount: null, TipAmount: null, FeeAmount: null, TaxAmount: null },
    ReferenceId: request.ReferenceId ?? '',
    InvoiceNumber: '',
    SerialNumber: reply.SerialNumber ?? '',
    BatchNumber: reply.BatchNumber ?? '',
  };
}

/** 2009 "Transaction not found" (a proxy code, ResultCode 2) where the terminal said 1001. */
export function notFound2009(reply: WireBody, request: Json): WireBody | null {
  if (reply.GeneralResponse.StatusCode !== '1001') return null;
  const ref = typeof request.ReferenceId === 'string' ? request.ReferenceId : '';
  return {
    GeneralResponse: general('2009', `Transaction ${ref} not found`),
    PaymentType: reply.PaymentType ?? request.PaymentType ?? '',
    ReferenceId: ref,
  };
}
