// What every command-line flag check shares: the error that becomes exit code 2, and the rule for
// whole numbers. Each message names the flag and its rule.

export class CliUsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliUsageError';
  }
}

export function integer(flag: string, value: string, min: number, max: number): number {
  const n = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw new CliUsageError(`${flag} must be a whole number from ${min} to ${max} (got "${value}")`);
  }
  return n;
}
