import { z } from '../zod-mini';

// What this PC can keep: the payment journal (StorageHealth) and the Authkeys (SecretStorage).

/**
 * Whether spin-desk can keep its payment journal. ok; low-space: still writing, but the disk is
 * nearly full (of bytes, or of files: its free inodes); failing: the last write failed, payments
 * are refused until a test write succeeds; read-only: this session cannot write at all (history
 * is readable, payments refused).
 */
export const StorageHealth = z.object({
  state: z.enum(['ok', 'low-space', 'failing', 'read-only', 'entries-missing']),
  /** What is wrong, in plain words (absent when ok). */
  message: z.optional(z.string()),
  remedy: z.optional(z.string()),
  /** Free bytes on the disk holding the data folder, when known. */
  freeBytes: z.nullable(z.number().check(z.nonnegative())),
  /** Payment results shown but not on disk yet. */
  unsavedResults: z.number().check(z.int(), z.nonnegative()),
  /**
   * entries-missing: the journal lost its newest entries (its write-ahead log deleted or damaged
   * after a crash; journal/high-water.ts): how many, and how many were restored from the
   * terminals' open batches so far. Payments go on.
   */
  lostEntries: z.optional(
    z.object({
      missing: z.number().check(z.int(), z.nonnegative()),
      restored: z.number().check(z.int(), z.nonnegative()),
      rebuilt: z.boolean(),
    }),
  ),
});
export type StorageHealth = z.infer<typeof StorageHealth>;

/**
 * How Authkeys are protected at rest. 'weak' (Linux without a keyring) stores them only after the
 * user accepts a warning; 'unavailable' cannot store them at all.
 */
export const SecretStorage = z.object({
  level: z.enum(['keychain', 'weak', 'unavailable', 'memory']),
  description: z.string(),
});
export type SecretStorage = z.infer<typeof SecretStorage>;
