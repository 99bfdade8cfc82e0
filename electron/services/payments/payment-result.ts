import type { Outcome, PaymentResult } from '@shared/ipc/payment-result-views';
import { CANCELED_CODE, explainCode } from '@shared/spin/codes';
import { worded, type ResultWords } from '../result-words';
import { redactCardData } from '../security/redactor';
import type { GeneralResponseLike } from '../spin/spin-error';
import { amountsOfRecord, maskedCard, serviceText, text, type EmvKey, type RecordLike } from '../spin/spin-record';
import * as m from '@shared/i18n/paraglide/messages/_index.js';

/** 1000 Terminal Busy: nothing was processed, whatever its Message says. */
const TERMINAL_BUSY = '1000';

const EMV_FIELDS: readonly [EmvKey, keyof NonNullable<PaymentResult['emv']>][] = [
  ['ApplicationName', 'applicationName'],
  ['AID', 'aid'],
  ['TVR', 'tvr'],
  ['TSI', 'tsi'],
  ['IAD', 'iad'],
  ['ARC', 'arc'],
];

/** The chip data the terminal reported, when it reported any (swiped and keyed cards have none). */
function emvOf(data: RecordLike['EMVData']): Pick<PaymentResult, 'emv'> {
  const pairs = EMV_FIELDS.flatMap(([wire, view]) => (text(data?.[wire]) ? [[view, text(data?.[wire])] as const] : []));
  return pairs.length > 0 ? { emv: Object.fromEntries(pairs) } : {};
}

function answerOutcome(gr: GeneralResponseLike): Outcome {
  if (gr.ResultCode === '0') return gr.StatusCode === '0001' ? 'partial' : 'approved';
  // 1xxx is the terminal's answer about this card or request: a cancel on the terminal (1012), or
  // else a decline in the cashier's words.
  if (gr.ResultCode === '1') return gr.StatusCode === CANCELED_CODE ? 'canceled' : 'declined';
  return 'failed';
}

/**
 * 0001 also stands for a batch that settled only in part; on a payment it can only mean the card
 * covered part of the amount, so the catalogue's words about settling do not belong here.
 */
const PARTIAL_PAYMENT: ResultWords = { explanation: m.main_pay_partial_explanation, remedy: m.main_pay_partial_remedy };

const NO_AMOUNTS: PaymentResult['amounts'] = { total: null, amount: null, tip: null, fee: null, tax: null };

/**
 * The record's amounts in cents. A busy 1000 shows none: the live service repeats the Amounts of
 * the approval it is still finishing, not of the request it refused (docs/PROTOCOL.md §9.6).
 * Figures that do not add up are not shown as if true: none are, and the problem says why.
 */
function amountsOf(record: RecordLike, busy: boolean): Pick<PaymentResult, 'amounts' | 'amountsProblem'> {
  if (busy) return { amounts: NO_AMOUNTS };
  const read = amountsOfRecord(record);
  return read.problem === undefined ? { amounts: read.cents } : { amounts: NO_AMOUNTS, amountsProblem: read.problem };
}

/** Builds what the result card shows from a SPIn record (approved, partial, declined or canceled). */
export function paymentResultFromRecord(record: RecordLike, referenceId: string): PaymentResult {
  const gr: GeneralResponseLike = record.GeneralResponse ?? { ResultCode: '2', StatusCode: '' };
  const outcome = answerOutcome(gr);
  const info = outcome === 'partial' ? { ...explainCode(gr.StatusCode), ...worded(PARTIAL_PAYMENT) } : explainCode(gr.StatusCode);
  const card = maskedCard(record.CardData, record.EMVData);
  // Receipt text may print the card number whole or with only its middle masked: the screen and
  // the print never show more than first 4 / last 4 (card-number-mask.ts), cut here in main.
  const customer = serviceText(record.Receipts?.Customer);
  const merchant = serviceText(record.Receipts?.Merchant);
  // Service texts may quote a card number (serviceText); Authkeys were scrubbed when the answer arrived.
  const hostMessage = serviceText(gr.HostResponseMessage) ?? serviceText(gr.DetailedMessage);
  return {
    outcome,
    resultCode: gr.ResultCode,
    statusCode: gr.StatusCode,
    // A busy 1000 is worded "Canceled" by the live service (docs/PROTOCOL.md §9.6): its label says what it is.
    message: (gr.StatusCode === TERMINAL_BUSY ? undefined : serviceText(gr.Message)) ?? info.label,
    explanation: info.explanation,
    remedy: info.remedy,
    referenceId: text(record.ReferenceId) ?? referenceId,
    ...(text(record.TransactionType) ? { transactionType: text(record.TransactionType) } : {}),
    ...amountsOf(record, gr.StatusCode === TERMINAL_BUSY),
    ...(text(record.AuthCode) ? { authCode: text(record.AuthCode) } : {}),
    ...(text(record.TransactionNumber) ? { transactionNumber: text(record.TransactionNumber) } : {}),
    ...(text(record.BatchNumber) ? { batchNumber: text(record.BatchNumber) } : {}),
    ...(hostMessage ? { hostMessage } : {}),
    // Only the first and last four digits ever reach the screen (PCI: never more than that).
    ...(card ? { card: { ...card, entryType: text(record.CardData?.EntryType) ?? '' } } : {}),
    ...(customer || merchant ? { receipts: { ...(customer ? { customer } : {}), ...(merchant ? { merchant } : {}) } } : {}),
    ...emvOf(record.EMVData),
    ...(record.ignoredFields?.length
      ? { ignoredFields: record.ignoredFields.map((f) => ({ path: f.path, message: redactCardData(f.message) })) }
      : {}),
  };
}
