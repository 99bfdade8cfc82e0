// Which way a batch transaction moves money, for every report, the reconciliation and their
// printouts alike. How the terminal's TotalAmount is made (docs/PROTOCOL.md §4.11):
//   Sales + Captures + Cash withdrawals - Returns; voids, holds and reversals are not counted.

/**
 * Each transaction type's sign once worked out: a 10,000-row Daily names a handful of types, and
 * its totals, table and print ask for a row's sign several times (each asking cost two new strings).
 * Bounded, as the types are whatever the terminal sent.
 */
const SIGNS = new Map<string, 1 | -1 | 0>();
const MAX_KEPT_SIGNS = 64;

/** +1 for money taken, -1 for money given back, 0 for what moves none (voids, holds, unknown types). */
export function signOf(transactionType: string): 1 | -1 | 0 {
  let sign = SIGNS.get(transactionType);
  if (sign === undefined) {
    sign = signOfType(transactionType);
    if (SIGNS.size < MAX_KEPT_SIGNS) SIGNS.set(transactionType, sign);
  }
  return sign;
}

function signOfType(transactionType: string): 1 | -1 | 0 {
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
