import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

/** The managed store's file in the data folder; when present it wins over the app's own setting. */
export const UPDATE_POLICY_FILE = 'update-policy.json';
/** The app's own setting (settings.json), for a shop that manages itself. */
export const UPDATE_SETTING_KEY = 'updates';

const Channel = z
  .string()
  .regex(/^[a-z][a-z0-9-]{0,31}$/, 'must be a channel name: lower-case letters, digits and dashes, such as "latest" or "beta"');

/** What the setting and the policy file may say; every field optional, nothing else allowed. */
const UpdateRules = z.strictObject({
  /** false turns the checks off altogether. */
  automatic: z.boolean({ error: 'must be true or false' }).optional(),
  /** The release channel followed ("latest" unless told otherwise); a store pins one here. */
  channel: Channel.optional(),
  /** A feed a store or reseller hosts (electron-builder's generic provider) instead of the app's own. */
  feedUrl: z.url({ protocol: /^https$/, error: 'must be an https:// address' }).optional(),
});
type UpdateRules = z.infer<typeof UpdateRules>;

/**
 * An unpackaged run's rules (electron/main/updates.ts): its feed may also be plain http on this
 * machine, as the Electron smoke test's local server is. Never an installed app's: there any
 * program on the machine could serve an installer on a loopback port.
 */
const DevelopmentRules = UpdateRules.extend({
  feedUrl: z
    .union([UpdateRules.shape.feedUrl.unwrap(), z.url({ protocol: /^http$/, hostname: /^(127\.0\.0\.1|localhost|\[::1\])$/ })], {
      error: 'must be an https:// address, or in a development run an http:// one on this machine',
    })
    .optional(),
});

/** What the updater does, from the policy file over the setting over the defaults. */
export interface UpdatePolicy {
  automatic: boolean;
  channel: string;
  feedUrl?: string;
  /** Where each choice came from, for About and the support bundle. */
  source: 'default' | 'setting' | 'policy';
}

/** A policy file that cannot be followed: updates stay off and the message names the field and the rule. */
export class UpdatePolicyError extends Error {
  override readonly name = 'UpdatePolicyError';
}

const FIELDS = Object.keys(UpdateRules.shape).join(', ');

/** Each problem names the field and the rule it breaks: "channel" must be a channel name: ... */
function describeProblem(issue: z.core.$ZodIssue): string[] {
  if (issue.code === 'unrecognized_keys') return issue.keys.map((key) => `"${key}" is not an update setting (known: ${FIELDS})`);
  const field = issue.path.map(String).join('.');
  return [field ? `"${field}" ${issue.message}` : `the file must be a JSON object with any of ${FIELDS}`];
}

function parseRules(value: unknown, where: string, development: boolean): UpdateRules {
  const parsed = (development ? DevelopmentRules : UpdateRules).safeParse(value);
  if (parsed.success) return parsed.data;
  throw new UpdatePolicyError(`${where}: ${parsed.error.issues.flatMap(describeProblem).join('; ')}.`);
}

/** The policy file's rules, undefined when there is none; throws UpdatePolicyError when it cannot be followed. */
async function readPolicyFile(dataDir: string, development: boolean): Promise<UpdateRules | undefined> {
  const file = join(dataDir, UPDATE_POLICY_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new UpdatePolicyError(`${file} cannot be read: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new UpdatePolicyError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
  return parseRules(json, file, development);
}

/**
 * The updates policy: the store's file first (it is how a managed store turns updates off or pins a
 * channel, and the person at the counter cannot change it), then the app's setting, then the
 * defaults (on, the "latest" channel, the feed in app-update.yml). A damaged setting is the app's
 * own mistake and is ignored with a note; a damaged policy file throws, so updates stay off rather
 * than going against what the store asked. `development` (an unpackaged run) also takes an http
 * feed on this machine.
 */
export async function resolveUpdatePolicy(
  dataDir: string,
  setting: unknown,
  note: (message: string) => void,
  { development = false } = {},
): Promise<UpdatePolicy> {
  const policy = await readPolicyFile(dataDir, development);
  let own: UpdateRules = {};
  if (setting !== undefined) {
    try {
      own = parseRules(setting, `The "${UPDATE_SETTING_KEY}" setting`, development);
    } catch (error) {
      note(`${(error as Error).message} Using the defaults.`);
    }
  }
  const rules = policy ?? own;
  return {
    automatic: rules.automatic ?? true,
    channel: rules.channel ?? 'latest',
    ...(rules.feedUrl ? { feedUrl: rules.feedUrl } : {}),
    source: policy ? 'policy' : Object.keys(own).length > 0 ? 'setting' : 'default',
  };
}
