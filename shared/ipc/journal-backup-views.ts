import { z } from '../zod-mini';
import { rule } from '../spin/rule-words';

// The journal's own care as Troubleshooting shows it: "Check the journal" (an integrity check with
// a verdict in plain words) and "Restore from backup" (the backups kept in the data folder, and
// what a restore did). Times are ISO 8601 strings.

/** ok: SQLite found nothing wrong; damaged: it did (or the file could not be read at all). */
export const JournalCheck = z.object({
  verdict: z.enum(['ok', 'damaged']),
  /** One sentence for staff: what was checked and what it found. */
  summary: z.string(),
  /** What to do about it (damaged only). */
  remedy: z.optional(z.string()),
  /** SQLite's own words for the first problems found, for the Details disclosure. */
  problems: z.array(z.string()),
  checkedAt: z.string(),
  /** How long the check took (ms). */
  tookMs: z.number(),
});
export type JournalCheck = z.infer<typeof JournalCheck>;

/** daily: made while running (at start when the newest is a day old, then on a timer); before-migration: before a schema change. */
export const BackupKind = z.enum(['daily', 'before-migration']);
export type BackupKind = z.infer<typeof BackupKind>;

export const JournalBackupView = z.object({
  /** The file's name in the backups folder; what journal:restore takes. */
  name: z.string(),
  kind: BackupKind,
  createdAt: z.string(),
  /** How many payments (journal entries) it holds. */
  entries: z.number().check(z.int()),
  bytes: z.number().check(z.int()),
});
export type JournalBackupView = z.infer<typeof JournalBackupView>;

export const JournalBackups = z.object({
  /** Newest first. */
  backups: z.array(JournalBackupView),
  /** The folder holding them (Troubleshooting names it). */
  folder: z.string(),
  /** Whether the journal can be restored now; when not, `refusal` says why in plain words. */
  refusal: z.optional(z.string()),
});
export type JournalBackups = z.infer<typeof JournalBackups>;

export const RestoreInput = z.strictObject({
  name: z.string().check(z.minLength(1, rule.notEmpty()), z.maxLength(200, rule.atMostChars(200))),
});
export type RestoreInput = z.infer<typeof RestoreInput>;

export const RestoreResult = z.object({
  restored: z.string(),
  /** The journal as it was before the restore, kept aside under this name in the data folder. */
  keptAs: z.string(),
  /** Entries in the restored journal. */
  entries: z.number().check(z.int()),
  /** Entries still waiting for their outcome, whose lookups go on now. */
  pending: z.number().check(z.int()),
});
export type RestoreResult = z.infer<typeof RestoreResult>;
