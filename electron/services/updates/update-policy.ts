import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

/** The managed store's file in the data folder; when present it wins over the app's own setting. */
export const UPDATE_POLICY_FILE = 'update-policy.json';
/** The app's own setting (settings.json), for a shop that manages itself. */
export const UPDATE_SETTING_KEY = 'updates';

const Channel = z
  .string()
  .regex(/^[a-z][a-z0-9-]{0,31}$/, 'must be a channel name: lower-case letters, digits and dashes, such as "latest" or "beta"');

/**
 * A user name or password in the feed's address (https://user:pass@...) would be written into
 * electron-updater's requests and the app's log lines, and a feed that needs one is not a public
 * update feed: refused, naming the rule, never echoing the address.
 */
function withoutCredentials(url: z.ZodURL) {
  return url.refine((value) => {
    try {
      const parsed = new URL(value);
      return parsed.username === '' && parsed.password === '';
    } catch {
      return true; // not an address at all: z.url says so
    }
  }, 'must not carry a user name or password (https://user:password@...): the feed must be readable without them');
}

/** What the setting and the policy file may say; every field optional, nothing else allowed. */
const UpdateRules = z.strictObject({
  /** false turns the checks off altogether. */
  automatic: z.boolean({ error: 'must be true or false' }).optional(),
  /** The release channel followed ("latest" unless told otherwise); a store pins one here. */
  channel: Channel.optional(),
  /** A feed a store or reseller hosts (electron-builder's generic provider) instead of the app's own. */
  feedUrl: withoutCredentials(z.url({ protocol: /^https$/, error: 'must be an https:// address' })).optional(),
});
type UpdateRules = z.infer<typeof UpdateRules>;

/**
 * An unpackaged run's rules (electron/main/updates.ts): its feed may also be plain http on this
 * machine, as the Electron smoke test's local server is. Never an installed app's: there any
 * program on the machine could serve an installer on a loopback port.
 */
const DevelopmentRules = UpdateRules.extend({
  feedUrl: z
    .union(
      [
        UpdateRules.shape.feedUrl.unwrap(),
        withoutCredentials(z.url({ protocol: /^http$/, hostname: /^(127\.0\.0\.1|localhost|\[::1\])$/ })),
      ],
      {
        error: 'must be an https:// address, or in a development run an http:// one on this machine',
      },
    )
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

/**
 * The largest policy file read: its three settings fit in a few hundred bytes. A bigger file is
 * refused from its size alone, never read into memory (a 150 MB one cost 622 MB at start).
 */
export const MAX_POLICY_BYTES = 64 * 1024;

/** Notepad's default "UTF-8" puts a byte order mark first; JSON.parse refuses it, so it is dropped. */
const BYTE_ORDER_MARK = '\uFEFF';

/** The file's text, undefined when there is none; its size is looked at (on the open file) before a byte is read. */
async function readPolicyText(file: string): Promise<string | undefined> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new UpdatePolicyError(`${file} cannot be read: ${(error as Error).message}`);
  }
  try {
    const { size } = await handle.stat();
    if (size > MAX_POLICY_BYTES)
      throw new UpdatePolicyError(`${file} is larger than an update policy may be (at most ${MAX_POLICY_BYTES} bytes; it has ${size}).`);
    // Read no more than the cap even if the file grows after the stat.
    const buffer = Buffer.alloc(MAX_POLICY_BYTES + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    if (bytesRead > MAX_POLICY_BYTES)
      throw new UpdatePolicyError(`${file} is larger than an update policy may be (at most ${MAX_POLICY_BYTES} bytes).`);
    const text = buffer.toString('utf8', 0, bytesRead);
    return text.startsWith(BYTE_ORDER_MARK) ? text.slice(BYTE_ORDER_MARK.length) : text;
  } catch (error) {
    if (error instanceof UpdatePolicyError) throw error;
    throw new UpdatePolicyError(`${file} cannot be read: ${(error as Error).message}`);
  } finally {
    await handle.close();
  }
}

/** The policy file's rules, undefined when there is none; throws UpdatePolicyError when it cannot be followed. */
async function readPolicyFile(dataDir: string, development: boolean): Promise<UpdateRules | undefined> {
  const file = join(dataDir, UPDATE_POLICY_FILE);
  const text = await readPolicyText(file);
  if (text === undefined) return undefined;
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
