import { tmpdir } from 'node:os';

/** A whole-number command-line option `--name N` above 0, or the fallback when it is not given. */
export function wholeOption(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  if (index < 0) return fallback;
  const value = Number(process.argv[index + 1]);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a whole number above 0`);
  return value;
}

/** `--dir <folder>`: where a benchmark writes its journals (default: the OS temp folder). */
export function dirOption(): string {
  const index = process.argv.indexOf('--dir');
  return index < 0 ? tmpdir() : (process.argv[index + 1] ?? tmpdir());
}
