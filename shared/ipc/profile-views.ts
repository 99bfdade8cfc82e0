import { z } from '../zod-mini';
import { rule } from '../spin/rule-words';
import { TipHandling } from './tip-rules';

// Terminal profiles as the renderer sees and edits them (the Authkey never: views carry hasAuthkey).

export const Environment = z.enum(['demo', 'production', 'sandbox', 'custom']);
export type Environment = z.infer<typeof Environment>;

export const ProfileDraft = z.strictObject({
  id: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  name: z.string().check(z.trim(), z.minLength(1, rule.notEmpty()), z.maxLength(60, rule.atMostChars(60))),
  environment: Environment,
  /** Only for the custom environment; HTTPS unless it points at this machine. */
  customUrl: z.optional(z.string().check(z.maxLength(300, rule.atMostChars(300)))),
  tpn: z.string().check(z.trim(), z.minLength(10, rule.charsBetween(10, 12)), z.maxLength(12, rule.charsBetween(10, 12))),
  registerId: z.optional(z.string().check(z.trim(), z.maxLength(50, rule.atMostChars(50)))),
  proxyTimeoutSeconds: z.number().check(z.int(rule.whole()), z.minimum(1, rule.atLeast(1)), z.maximum(720, rule.atMost(720))),
  merchantNumber: z.optional(z.nullable(z.number().check(z.int(), z.minimum(1, rule.between(1, 5)), z.maximum(5, rule.between(1, 5))))),
  /**
   * How the terminal treats TipAmount (tip-rules.ts). Left out: keep what the profile remembers
   * (dropped when the TPN or address changes: another terminal); null: forget it.
   */
  tipHandling: z.optional(z.nullable(TipHandling)),
});
export type ProfileDraft = z.infer<typeof ProfileDraft>;

export const ProfileView = z.object({
  id: z.string(),
  name: z.string(),
  environment: Environment,
  customUrl: z.optional(z.string()),
  /** The base URL requests go to (for the demo terminal: "built-in simulator"). */
  endpointLabel: z.string(),
  tpn: z.string(),
  registerId: z.optional(z.string()),
  proxyTimeoutSeconds: z.number().check(z.int()),
  merchantNumber: z.optional(z.nullable(z.number().check(z.int()))),
  hasAuthkey: z.boolean(),
  /** How the terminal treats TipAmount; absent until "Verify this terminal" found out (or an import said). */
  tipHandling: z.optional(TipHandling),
  /** When "Verify this terminal" found it (absent when it came from an import). */
  tipCheckedAt: z.optional(z.string()),
});
export type ProfileView = z.infer<typeof ProfileView>;

export const ProfileList = z.object({ profiles: z.array(ProfileView), activeId: z.nullable(z.string()) });
export type ProfileList = z.infer<typeof ProfileList>;
