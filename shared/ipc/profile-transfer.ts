import { z } from '../zod-mini';
import * as m from '../i18n/paraglide/messages/_index.js';
import { rule, ruleWith, ruleWords } from '../spin/rule-words';
import { ProfileDraft, ProfileList } from './profile-views';

/**
 * The file a user exports to move terminal profiles to another PC. It never carries an Authkey:
 * keys are entered again on the new PC (they are encrypted with this PC's keychain anyway).
 */
export const ExportedProfile = z.omit(ProfileDraft, { id: true });
export type ExportedProfile = z.infer<typeof ExportedProfile>;

export const ProfilesFile = z.strictObject({
  kind: z.literal(
    'spin-desk-terminals',
    ruleWords(() => m.rule_not_terminals_file()),
  ),
  version: z.literal(
    1,
    ruleWords(() => m.rule_newer_file()),
  ),
  exportedAt: z.string(),
  profiles: z.array(ExportedProfile).check(z.maxLength(200, ruleWith(m.rule_hold_at_most_terminals, { max: 200 }))),
});
export type ProfilesFile = z.infer<typeof ProfilesFile>;

export const ProfilesExport = z.object({ fileName: z.string(), json: z.string(), count: z.number().check(z.int()) });
export type ProfilesExport = z.infer<typeof ProfilesExport>;

export const ProfilesImportInput = z.strictObject({
  json: z.string().check(z.minLength(1, rule.notEmpty()), z.maxLength(1_000_000, ruleWith(m.rule_at_most_megabytes, { max: 1 }))),
});

export const ProfilesImportResult = z.object({
  imported: z.number().check(z.int()),
  /** Names that clashed with an existing terminal and were given a suffix. */
  renamed: z.array(z.object({ from: z.string(), to: z.string() })),
  /**
   * Terminals of the file that are already set up here (same TPN and same address): not added
   * again, so no second profile can send to the same terminal. `existing` is the name it has here.
   */
  alreadySetUp: z.array(z.object({ name: z.string(), existing: z.string() })),
  list: ProfileList,
});
export type ProfilesImportResult = z.infer<typeof ProfilesImportResult>;
