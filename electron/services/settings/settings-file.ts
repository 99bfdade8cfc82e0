import { readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import * as m from '@shared/i18n/paraglide/messages/_index.js';
import type { Language } from '@shared/i18n/languages';

// Reading a settings file before any store trusts it. What the stores cannot hold must be found
// here, at start, rather than as a crash later: JSON.parse in Node reads a value nested a
// million levels deep without complaint, but structuredClone (every get) and JSON.stringify
// (every write) recurse and overflow the stack on it.

/**
 * Deeper than this, a settings value is not one spin-desk wrote (its deepest, the window state,
 * is four levels), and far from the depth at which cloning it would overflow the stack.
 */
export const MAX_SETTINGS_DEPTH = 64;

/**
 * What a settings file holds, or its problem: said in a language asked for, else in the one main
 * speaks, when it is shown. A problem completes "<file> ...": "is not valid JSON", "cannot be read (EACCES)".
 */
export type SettingsCheck = { ok: true; values: Record<string, unknown> } | { ok: false; problem: (language?: Language) => string };

/** A problem worded when it is shown. */
function problemOf(words: (options: { locale?: Language }) => string): SettingsCheck {
  return { ok: false, problem: (language) => words({ locale: language }) };
}

/**
 * Reads and checks a settings file, as openSettings does before a store holds what it read; a
 * missing file is empty settings (the first start). Its problem is worded later (the banner that
 * names a damaged settings file).
 */
export function checkSettingsFile(file: string): SettingsCheck {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { ok: true, values: {} };
    return problemOf((options) => m.sys_settings_file_unreadable({ code: code ?? String(error) }, options));
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // The parser's own message quotes the file's text, which is no use in a banner.
    return problemOf((options) => m.sys_settings_file_not_json({}, options));
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    const kind = Array.isArray(parsed) ? 'array' : parsed === null ? 'null' : typeof parsed;
    return problemOf((options) => m.sys_settings_file_not_object({ kind }, options));
  }
  if (deeperThan(parsed, MAX_SETTINGS_DEPTH))
    return problemOf((options) => m.sys_settings_file_too_deep({ levels: MAX_SETTINGS_DEPTH }, options));
  return { ok: true, values: parsed as Record<string, unknown> };
}

/** Whether `value` nests objects or arrays more than `limit` levels deep; iterative, so no depth overflows it. */
function deeperThan(value: unknown, limit: number): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 1 }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    if (item.value === null || typeof item.value !== 'object') continue;
    if (item.depth > limit) return true;
    for (const child of Object.values(item.value)) stack.push({ value: child, depth: item.depth + 1 });
  }
  return false;
}

/**
 * Keeps a byte-for-byte copy of a damaged file beside it, as `<name>.damaged-<time>`, and returns
 * its path; undefined when no copy can be made (the file cannot be read, is a directory, or the
 * disk refuses). Never overwrites a file, and never touches the damaged file itself. A copy of the
 * same bytes kept by an earlier start is reused, so restarting with the file still damaged does
 * not pile up copies.
 */
export function keepDamagedCopy(file: string, now = new Date()): string | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  const dir = dirname(file);
  const prefix = `${basename(file)}.damaged-`;
  const earlier = siblings(dir, prefix).find((name) => sameBytes(join(dir, name), bytes));
  if (earlier) return join(dir, earlier);
  // No ':' in the name: Windows does not allow it.
  const stamp = now.toISOString().replaceAll(':', '-');
  for (let n = 1; n <= 100; n += 1) {
    const copy = join(dir, `${prefix}${stamp}${n === 1 ? '' : `-${n}`}`);
    try {
      // 'wx': fails if the name is taken. 0o600: the settings may hold encrypted Authkeys.
      writeFileSync(copy, bytes, { flag: 'wx', mode: 0o600 });
      return copy;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
      // Created but not filled (the disk is full): a partial copy is worse than none.
      removeQuietly(copy);
      return undefined;
    }
  }
  return undefined;
}

function siblings(dir: string, prefix: string): string[] {
  try {
    return readdirSync(dir).filter((name) => name.startsWith(prefix));
  } catch {
    return [];
  }
}

function sameBytes(file: string, bytes: Buffer): boolean {
  try {
    return readFileSync(file).equals(bytes);
  } catch {
    return false;
  }
}

function removeQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // Never created.
  }
}
