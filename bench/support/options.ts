// The command-line options the journal benchmarks share (bench/journal.ts, bench/high-water-cost.ts).
import { tmpdir } from 'node:os';

/** `--<name> <whole number above 0>`, or `fallback` when the option is not given. */
export function wholeOption(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  if (index < 0) return fallback;
  const value = Number(process.argv[index + 1]);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a whole number above 0`);
  return value;
}

/** `--dir <folder>`: where the journals written to live (the disk under test); the OS temp folder by default. */
export function benchFolder(): string {
  const index = process.argv.indexOf('--dir');
  return index < 0 ? tmpdir() : (process.argv[index + 1] ?? tmpdir());
}
