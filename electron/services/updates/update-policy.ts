import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import * as m from '@shared/i18n/paraglide/messages/_index.js';
import type { Language } from '@shared/i18n/languages';
import { WordedError } from '../worded-error';

/** The managed store's file in the data folder; when present it wins over the app's own setting. */
export const UPDATE_POLICY_FILE = 'update-policy.json';
/** The app's own setting (settings.json), for a shop that manages itself. */
export const UPDATE_SETTING_KEY = 'updates';

const Channel = z.string().regex(/^[a-z][a-z0-9-]{0,31}$/);

/**
 * A user name or password in the feed's address (https://user:pass@...) would be written into
 * electron-updater's requests and the app's log lines, and a feed that needs one is not a public
 * update feed: refused, naming the rule, never echoing the address.
 */
const CREDENTIALS = 'credentials';

function withoutCredentials(url: z.ZodURL) {
  return url.refine((value) => {
    try {
      const parsed = new URL(value);
      return parsed.username === '' && parsed.password === '';
    } catch {
      return true; // not an address at all: z.url says so
    }
  }, CREDENTIALS);
}

/** What the setting and the policy file may say; every field optional, nothing else allowed. */
const UpdateRules = z.strictObject({
  /** false turns the checks off altogether. */
  automatic: z.boolean().optional(),
  /** The release channel followed ("latest" unless told otherwise); a store pins one here. */
  channel: Channel.optional(),
  /** A feed a store or reseller hosts (electron-builder's generic provider) instead of the app's own. */
  feedUrl: withoutCredentials(z.url({ protocol: /^https$/ })).optional(),
});
type UpdateRules = z.infer<typeof UpdateRules>;

/**
 * An unpackaged run's rules (electron/main/updates.ts): its feed may also be plain http on this
 * machine, as the Electron smoke test's local server is. Never an installed app's: there any
 * program on the machine could serve an installer on a loopback port.
 */
const DevelopmentRules = UpdateRules.extend({
  feedUrl: z
    .union([
      UpdateRules.shape.feedUrl.unwrap(),
      withoutCredentials(z.url({ protocol: /^http$/, hostname: /^(127\.0\.0\.1|localhost|\[::1\])$/ })),
    ])
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

/**
 * A policy file that cannot be followed: updates stay off and the message names the field and the
 * rule. English in the log; About shows `shownMessage()` (WordedError), worded when read: the file
 * is read at start, often before main speaks the person's language.
 */
export class UpdatePolicyError extends WordedError {
  override readonly name = 'UpdatePolicyError';
}

const FIELDS = Object.keys(UpdateRules.shape).join(', ');

/** The rule each field keeps, in words; the schemas carry none, so the words follow the language. */
function ruleOf(field: string, issue: z.core.$ZodIssue, development: boolean, locale?: Language): string {
  if (issue.code === 'custom' && issue.message === CREDENTIALS) return m.sys_policy_rule_no_credentials({}, { locale });
  if (field === 'automatic') return m.rule_true_or_false({}, { locale });
  if (field === 'channel') return m.sys_policy_rule_channel({}, { locale });
  return development ? m.sys_policy_rule_https_or_local({}, { locale }) : m.sys_policy_rule_https({}, { locale });
}

/** Each problem names the field and the rule it breaks: "channel" must be a channel name: ... */
function describeProblem(issue: z.core.$ZodIssue, development: boolean, locale?: Language): string[] {
  if (issue.code === 'unrecognized_keys') return issue.keys.map((key) => m.sys_policy_unknown_field({ key, fields: FIELDS }, { locale }));
  const field = issue.path.map(String).join('.');
  if (!field) return [m.sys_policy_not_object({ fields: FIELDS }, { locale })];
  return [m.sys_policy_field_rule({ field, rule: ruleOf(field, issue, development, locale) }, { locale })];
}

function parseRules(value: unknown, where: (locale?: Language) => string, development: boolean): UpdateRules {
  const parsed = (development ? DevelopmentRules : UpdateRules).safeParse(value);
  if (parsed.success) return parsed.data;
  const { issues } = parsed.error;
  throw new UpdatePolicyError((locale) =>
    m.sys_policy_problems(
      { where: where(locale), problems: issues.flatMap((issue) => describeProblem(issue, development, locale)).join('; ') },
      { locale },
    ),
  );
}

/**
 * The largest policy file read: its three settings fit in a few hundred bytes. A bigger file is
 * refused from its size alone, never read into memory (a 150 MB one cost 622 MB at start).
 */
export const MAX_POLICY_BYTES = 64 * 1024;

/** Notepad's default "UTF-8" puts a byte order mark first; JSON.parse refuses it, so it is dropped. */
const BYTE_ORDER_MARK = '\uFEFF';

/** The OS's own reason stays as the OS gave it (English on these machines). */
function cannotRead(file: string, error: unknown): UpdatePolicyError {
  const reason = (error as Error).message;
  return new UpdatePolicyError((locale) => m.sys_policy_cannot_read({ file, reason }, { locale }));
}

/** The file's text, undefined when there is none; its size is looked at (on the open file) before a byte is read. */
async function readPolicyText(file: string): Promise<string | undefined> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw cannotRead(file, error);
  }
  try {
    const { size } = await handle.stat();
    if (size > MAX_POLICY_BYTES)
      throw new UpdatePolicyError((locale) => m.sys_policy_too_large_size({ file, max: MAX_POLICY_BYTES, size }, { locale }));
    // Read no more than the cap even if the file grows after the stat.
    const buffer = Buffer.alloc(MAX_POLICY_BYTES + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    if (bytesRead > MAX_POLICY_BYTES)
      throw new UpdatePolicyError((locale) => m.sys_policy_too_large({ file, max: MAX_POLICY_BYTES }, { locale }));
    const text = buffer.toString('utf8', 0, bytesRead);
    return text.startsWith(BYTE_ORDER_MARK) ? text.slice(BYTE_ORDER_MARK.length) : text;
  } catch (error) {
    if (error instanceof UpdatePolicyError) throw error;
    throw cannotRead(file, error);
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
    const reason = (error as Error).message;
    throw new UpdatePolicyError((locale) => m.sys_policy_not_json({ file, reason }, { locale }));
  }
  return parseRules(json, () => file, development);
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
      own = parseRules(setting, (locale) => m.sys_policy_setting_where({ key: UPDATE_SETTING_KEY }, { locale }), development);
    } catch (error) {
      // A log note, for support: English.
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
