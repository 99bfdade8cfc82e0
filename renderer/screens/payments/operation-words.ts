import { m } from '../../lib/i18n/messages';
import type { ResultWords } from '../../lib/payment/result-words';
import { withWordsShown } from '../../lib/payment/shown-words';

// Void, Tip adjust and EBT balance in the cashier's words, each in one place for its screen, its form
// and its answer (the new payments' are in NEW_PAYMENTS), read in the language shown.

/** A payment screen's heading, what it does (for the "no terminal" note: "void a transaction") and the cashier's word for what it sends. */
export interface ScreenWords {
  title: string;
  purpose: string;
  what: string;
}

export const VOID_WORDS: ResultWords & ScreenWords = withWordsShown(
  {
    title: m.pay_title_void,
    purpose: m.pay_purpose_void,
    what: m.pay_what_void,
    approvedHeading: m.pay_approved_void,
    declinedSummary: m.pay_declined_void,
  },
  {},
);

export const TIP_ADJUST_WORDS: ResultWords & ScreenWords = withWordsShown(
  {
    title: m.pay_title_tip_adjust,
    purpose: m.pay_purpose_tip_adjust,
    what: m.pay_what_tip_adjust,
    approvedHeading: m.pay_approved_tip_adjust,
    declinedSummary: m.pay_declined_tip_adjust,
  },
  {},
);

export const BALANCE_WORDS: ResultWords & ScreenWords = withWordsShown(
  {
    title: m.pay_title_balance,
    purpose: m.pay_purpose_balance,
    what: m.pay_what_balance,
    approvedHeading: m.pay_approved_balance,
    declinedSummary: m.pay_declined_balance,
  },
  {},
);
