/**
 * A fresh ReferenceId for each sale attempt. SPIn requires it to be unique inside the open batch and
 * alphanumeric (1–50 characters); it is also the key the recovery path uses to ask the terminal
 * what happened, so it must never be reused for a different sale.
 *
 * "SD" + base-36 milliseconds (8 characters until the year 2059) + 6 random base-36 characters:
 * sorts by time when read in a list, and two desks starting a sale in the same millisecond still
 * differ.
 */
export function newReferenceId(now: number = Date.now()): string {
  const random = crypto.getRandomValues(new Uint32Array(2));
  const suffix = Array.from(random, (n) => n.toString(36).padStart(7, '0').slice(-3)).join('');
  return `SD${now.toString(36)}${suffix}`.toUpperCase();
}
