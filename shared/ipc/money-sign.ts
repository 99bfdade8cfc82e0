// Which way a batch transaction moves money, for every report, the reconciliation and their
// printouts alike. How the terminal's TotalAmount is made (docs/PROTOCOL.md §4.11):
//   Sales + Captures + Cash withdrawals - Returns; voids, holds and reversals are not counted.

/** +1 for money taken, -1 for money given back, 0 for what moves none (voids, holds, unknown types). */
export function signOf(transactionType: string): 1 | -1 | 0 {
  switch (transactionType.trim().toLowerCase()) {
    case 'sale':
    case 'capture':
    case 'ticket':
    case 'cashadvance':
      return 1;
    case 'return':
    case 'refund':
      return -1;
    default:
      return 0;
  }
}

/** What a transaction adds to the total, in cents: negative for money going out, null when it is not counted. */
export function countedCents(transactionType: string, amountCents: number | null): number | null {
  const sign = signOf(transactionType);
  return sign === 0 || amountCents === null ? null : sign * amountCents;
}
