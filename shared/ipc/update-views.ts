import { z } from '../zod-mini';

/**
 * Where the installed app's updates stand (app:updates). main works them out (electron/services/updates);
 * the renderer only shows `message` in a quiet banner while an update waits to be installed.
 * - not-here: this copy is not updated by spin-desk (the browser version, an unpackaged start)
 * - off: a setting or the store's policy file turned updates off, or the policy file is wrong
 * - idle: no update found at the last check; checking, downloading: in the background
 * - ready: downloaded; Help → Restart to update installs it when no payment is open
 * - waiting: the user asked to restart, but a payment is in flight or waiting for a lookup
 * - error: the last check or download failed; the next check tries again
 */
export const UpdateState = z.enum(['not-here', 'off', 'idle', 'checking', 'downloading', 'ready', 'waiting', 'error']);
export type UpdateState = z.infer<typeof UpdateState>;

export const UpdateStatus = z.object({
  state: UpdateState,
  /** The update's version, once one was found. */
  version: z.optional(z.string()),
  /** When the last check ended (ISO time). */
  lastCheck: z.optional(z.string()),
  /** The state in plain words. */
  message: z.string(),
  /** The store's policy file decides (update-policy.json): the app's own setting cannot change it. */
  managed: z.optional(z.boolean()),
});
export type UpdateStatus = z.infer<typeof UpdateStatus>;

/** The states the banner shows: an update is downloaded and waits for a moment without a payment. */
export const BANNER_STATES: readonly UpdateState[] = ['ready', 'waiting'];
