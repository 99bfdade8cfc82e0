import { z } from 'zod';
import { TipHandling } from '@shared/ipc/tip-rules';
import { Environment } from '@shared/ipc/profile-views';
import { formatIssues } from '@shared/spin/validation';

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
  tipHandling: z.optional(TipHandling),
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

/**
 * Why the profiles kept in settings (the value under PROFILES_KEY) cannot be used, completing
 * "<settings file> ..."; undefined when they can, or when there are none yet. Checked when the app
 * starts (data-folder/open-settings.ts), so damaged profiles make the file count as damaged
 * rather than failing at the first look at the Terminals screen.
 */
export function storedProfilesProblem(raw: unknown): string | undefined {
  if (raw === undefined) return undefined;
  const parsed = ProfilesDocument.safeParse(raw);
  if (parsed.success) return undefined;
  const issues = formatIssues(parsed.error)
    .slice(0, 3)
    .map((issue) => `${issue.path ? `${PROFILES_KEY}.${issue.path}` : PROFILES_KEY}: ${issue.message}`);
  return `holds terminal profiles spin-desk cannot read (${issues.join('; ')})`;
}

/**
 * The same terminal reached the same way: same TPN (letter case aside, so one typed in lower case is
 * not taken for another terminal) and the
 * same address (environment, and the checked custom URL). Its name may differ; it is still a duplicate.
 */
export function sameTerminal(a: StoredProfile, b: StoredProfile): boolean {
  return a.tpn.toUpperCase() === b.tpn.toUpperCase() && a.environment === b.environment && (a.customUrl ?? '') === (b.customUrl ?? '');
}
