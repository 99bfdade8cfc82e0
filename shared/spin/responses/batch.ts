import { responseSchema } from '../common';
import { looseList, looseNested, looseNumber, looseRecord, looseRows, looseString } from '../tolerant';

// Answers of Settle and the two reports. Totals are dollars as numbers (docs/PROTOCOL.md §3.5:
// some servers send them as text, which is converted here).

/** Shared by Settle's TransactionsReports and Summary's TransactionsSummaryReports (docs/PROTOCOL.md §4.11, §4.14). */
const totalsFields = {
  TransactionsCount: looseNumber(),
  SaleAmount: looseNumber(),
  ReturnAmount: looseNumber(),
  VoidAmount: looseNumber(),
  AuthAmount: looseNumber(),
  TicketAmount: looseNumber(),
  ReversalAmount: looseNumber(),
  CashAdvanceAmount: looseNumber(),
  TotalAmount: looseNumber(),
};

/** Every per-application detail row starts with these. */
const applicationFields = {
  MerchantNumber: looseNumber(),
  Application: looseString(),
};

const SettleDetail = looseRecord({
  ...applicationFields,
  MerchantName: looseString(),
  DetailedMessage: looseString(),
  BatchNumber: looseString(),
  HostStatus: looseString(),
  TransactionsReports: looseNested(totalsFields),
  Receipt: looseString(),
});

export const SettleResponse = responseSchema({ SettleDetails: looseList(SettleDetail) });

const SummaryDetail = looseRecord({
  ...applicationFields,
  TransactionsSummaryReports: looseNested(totalsFields),
});

export const SummaryResponse = responseSchema({ SummaryDetails: looseList(SummaryDetail) });

/** Read by looseRows: a Daily answer can list 10,000 of them. */
const DailyTransactions = looseRows({
  /** Untyped in the schema (docs/PROTOCOL.md §4.14); kept as text like TransactionNumber. */
  Number: 'text',
  ReferenceId: 'text',
  CardType: 'text',
  TransactionType: 'text',
  Last4: 'text',
  Amount: 'number',
});

const DailyDetail = looseRecord({
  ...applicationFields,
  TotalAmount: looseNumber(),
  TransactionsDailyReports: DailyTransactions,
});

export const DailyResponse = responseSchema({ DailyDetails: looseList(DailyDetail) });
