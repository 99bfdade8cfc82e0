/** An operation's result in the cashier's words, as OperationResultCard says it (a NEW_PAYMENTS spec has them too). */
export interface ResultWords {
  /** Heading of an approval in the operation's words: "Authorized", "Voided". */
  approvedHeading: string;
  /** What was asked for, in the cashier's words ("refund"), for the check-first note. */
  what: string;
  /** What a decline means here: "No refund was made." */
  declinedSummary: string;
}
