import { z } from 'zod';
import { TipHandling } from '@shared/ipc/tip-rules';
import { Environment } from '@shared/ipc/views';

/**
 * How profiles are kept in settings. Versioned so a later release can migrate old settings
 * instead of failing on them.
 */
export const StoredProfile = z.object({
  id: z.string(),
  name: z.string(),
  environment: Environment,
  customUrl: z.string().optional(),
  tpn: z.string(),
  registerId: z.string().optional(),
  proxyTimeoutSeconds: z.number().int(),
  merchantNumber: z.number().int().nullable().optional(),
  // Added with "Verify this terminal": optional, so profiles stored before it load unchanged.
  tipHandling: TipHandling.optional(),
  tipCheckedAt: z.string().optional(),
});
export type StoredProfile = z.infer<typeof StoredProfile>;

export const ProfilesDocument = z.object({
  version: z.literal(1),
  profiles: z.array(StoredProfile),
  activeId: z.string().nullable(),
});
export type ProfilesDocument = z.infer<typeof ProfilesDocument>;

export const PROFILES_KEY = 'profiles';
