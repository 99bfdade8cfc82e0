import { z } from 'zod';

// The terminal itself, rather than one transaction: cancel what this PC waits on there.

/**
 * What "Cancel on terminal" did. It never says how the waiting request ended: that request's own
 * answer does (1012 canceled, or an approval that won the race), or a Status lookup.
 */
export const AbortResult = z.object({
  /** An AbortTransaction went to the terminal. */
  sent: z.boolean(),
  /** The request it was meant to end: operation and ReferenceId (prompts have none). */
  operation: z.string().optional(),
  referenceId: z.string().optional(),
  /** The service's answer: 0000 accepted, 2301 nothing was running any more. */
  statusCode: z.string().optional(),
  /** In the cashier's words. */
  message: z.string(),
});
export type AbortResult = z.infer<typeof AbortResult>;
