import { amountsFields, responseSchema, transactionRecordFields } from '../common';
import { looseNested, looseNumber } from '../tolerant';

// Answers of the payment operations: the transaction result record (docs/PROTOCOL.md §3.2).
// Each endpoint gets its own name so the registry and callers stay explicit, even where shapes match.

const transactionRecord = () => responseSchema(transactionRecordFields);

export const SaleResponse = transactionRecord();
export const AuthResponse = transactionRecord();
export const CaptureResponse = transactionRecord();
export const ReturnResponse = transactionRecord();
export const VoidResponse = transactionRecord();
export const TipAdjustResponse = transactionRecord();

/**
 * Balance: a record whose Amounts holds the EBT balances (the schema, docs/PROTOCOL.md §4.7). No
 * other source confirms it, so the usual amount fields are kept as well.
 */
export const BalanceResponse = responseSchema({
  ...transactionRecordFields,
  Amounts: looseNested({
    ...amountsFields,
    EBTFSAvailableBalance: looseNumber(),
    EBTCashAvailableBalance: looseNumber(),
  }),
});
