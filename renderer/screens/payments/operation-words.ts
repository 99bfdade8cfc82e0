import type { ResultWords } from '../../lib/payment/result-words';

// Void, Tip adjust and EBT balance in the cashier's words, each in one place for its screen, its form
// and its answer (the new payments' are in NEW_PAYMENTS).

export const VOID_WORDS: ResultWords = {
  what: 'void',
  approvedHeading: 'Voided',
  declinedSummary: 'The transaction was not voided.',
};

export const TIP_ADJUST_WORDS: ResultWords = {
  what: 'tip adjustment',
  approvedHeading: 'Tip adjusted',
  declinedSummary: 'The tip was not changed.',
};

export const BALANCE_WORDS: ResultWords = {
  what: 'balance enquiry',
  approvedHeading: 'Balance',
  declinedSummary: 'No balance was read.',
};
