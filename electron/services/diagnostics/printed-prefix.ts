import { DEFAULT_REDACTOR_LIMITS, TOO_MANY, TOO_MANY_KEY } from '../security/redactor';

// A request-log entry keeps only the beginning of a long answer's text. Cutting the parsed answer
// to about that much first means the Redactor (and JSON.stringify after it) handles ~2,700 values
// of a 10,000-row Daily report instead of all its ~80,000, or the ~16,000 a flat count of values
// had to walk to be sure to fill the kept part.

/**
 * The part of a parsed JSON `value` that `JSON.stringify(value, null, 2)` prints in its first
 * `chars` characters, or a little more: the rest of a list becomes one TOO_MANY item and the rest
 * of an object one TOO_MANY_KEY entry, the marks the Redactor gives a cut. Each value is charged the
 * fewest characters it can print as (newline, two spaces a level, `"key": `, one character), so
 * what is kept always fills `chars`. Nothing is redacted here: pass the result through the Redactor.
 * Below the Redactor's depth limit a value is handed on as it is, for the Redactor to mark.
 */
export function printedPrefix(value: unknown, chars: number): unknown {
  let budget = chars;
  const copy = (item: unknown, depth: number): unknown => {
    if (item === null || typeof item !== 'object' || depth >= DEFAULT_REDACTOR_LIMITS.maxDepth) return item;
    const indent = 2 * (depth + 1) + 2;
    if (Array.isArray(item)) {
      const out: unknown[] = [];
      for (const entry of item) {
        if (budget <= 0) {
          out.push(TOO_MANY);
          break;
        }
        budget -= indent;
        out.push(copy(entry, depth + 1));
      }
      return out;
    }
    const out: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(item)) {
      if (budget <= 0) {
        out[TOO_MANY_KEY] = TOO_MANY;
        break;
      }
      budget -= indent + key.length + 4;
      out[key] = copy(entry, depth + 1);
    }
    return out;
  };
  return copy(value, 0);
}
