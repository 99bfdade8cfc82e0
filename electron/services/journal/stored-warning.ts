import { knownSaid, type Said } from '@shared/ipc/said';
import type { JournalWarning } from './records';

// A stored warning's Said lives in the `meta` table, not in a column of `warnings`: a new column
// needs a newer schema version, and an older build refuses a journal newer than it knows; it reads
// its warnings and ignores a meta key it does not know.

/** The meta key of a warning's Said, followed by the warning's rowid. */
export const WARNING_SAID_KEY = 'warning-said:';

/** A row of the `warnings` statement: the warning with its Said's JSON from meta, null when it has none. */
export interface StoredWarning {
  kind: JournalWarning['kind'];
  file: string;
  line: number | null;
  message: string;
  said: string | null;
}

/**
 * A stored warning as History shows it: its Said only when this build can word it (knownSaid), so
 * a Said a later version wrote, or a damaged one, leaves its English showing.
 */
export function warningFromRow({ line, said, ...rest }: StoredWarning): JournalWarning {
  const words = knownSaid(parsed(said));
  return { ...rest, ...(line === null ? {} : { line }), ...(words === undefined ? {} : { said: words }) };
}

function parsed(json: string | null): Said | undefined {
  if (json === null) return undefined;
  try {
    return JSON.parse(json) as Said;
  } catch {
    return undefined;
  }
}
