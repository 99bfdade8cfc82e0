import { responseSchema, transactionRecordFields, TransactionListItem } from '../common';
import { looseList, looseString } from '../tolerant';

// Answers of the lookups. Status returns the stored record of the original transaction; the two
// list endpoints wrap records in Transactions.

export const StatusResponse = responseSchema(transactionRecordFields);

export const StatusListResponse = responseSchema({ Transactions: looseList(TransactionListItem) });

/** Offline (store-and-forward) records also say when the terminal took them. */
export const OfflineStatusResponse = responseSchema({
  Transactions: looseList(TransactionListItem.extend({ TransactionDateTime: looseString() })),
});
