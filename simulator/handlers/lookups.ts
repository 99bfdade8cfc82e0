// Reads of the open batch: Status (one record), StatusList (a TransactionNumber range) and
// OfflineStatus (store-and-forward records). Nothing here changes state.
import { renderRecord } from '../render';
import { general } from '../replies';
import { notInBatch, type Handler } from './context';

/**
 * By ReferenceId when the request names one, by TransactionNumber only when it does not. A
 * declined attempt is reported as it was answered; an unknown reference is 1001 (ResultCode 1), as
 * docs/PROTOCOL.md §4.8 describes. A ReferenceId that is not in the batch is never answered with the
 * record at that TransactionNumber: it belongs to another transaction, and a client recovering a
 * lost answer would take that one's approval for its own.
 */
export const Status: Handler<'Status'> = ({ terminal, answers }, request) => {
  const { batch } = terminal;
  const ref = request.ReferenceId;
  const number = request.TransactionNumber;
  const record = ref !== undefined ? batch.byReference(ref) : number == null ? undefined : batch.byTransactionNumber(number);
  if (record) {
    return answers.status(terminal, record, { getReceipt: request.GetReceipt, getExtendedData: request.GetExtendedData });
  }
  const declined = ref === undefined ? undefined : batch.declineFor(ref);
  if (declined) return structuredClone(declined) as ReturnType<Handler<'Status'>>;
  const what = ref === undefined ? `TransactionNumber ${number}` : `ReferenceId ${ref}`;
  // The live 1001 names the terminal that looked (docs/PROTOCOL.md §4.8); never another record's
  // fields, and no BatchNumber: the recorded 1001 names no batch, and a field a live service may
  // never send would let the app pass here on what production lacks (its batch witness, §12.2).
  return {
    GeneralResponse: general('1001', notInBatch(terminal, what)),
    PaymentType: request.PaymentType,
    ReferenceId: ref ?? '',
    SerialNumber: terminal.serialNumber,
  };
};

/** PaymentType is not a filter: the list is the batch's records by position (docs/PROTOCOL.md §4.9). */
export const StatusList: Handler<'StatusList'> = ({ terminal }, request) => ({
  GeneralResponse: general('0000'),
  Transactions: terminal.batch
    .range(request.TransactionFromIndex, request.TransactionToIndex)
    .map((record) => renderRecord(terminal, record)),
});

/** Store-and-forward records of the open batch; a ReferenceId narrows the list to that one. */
export const OfflineStatus: Handler<'OfflineStatus'> = ({ terminal }, request) => ({
  GeneralResponse: general('0000'),
  Transactions: terminal.batch
    .records()
    .filter((r) => r.offlineAt !== null && (request.ReferenceId === undefined || r.referenceId === request.ReferenceId))
    .map((record) => renderRecord(terminal, record)),
});
