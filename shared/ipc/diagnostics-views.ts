import { z } from 'zod';
import { endpoints, type EndpointName } from '../spin/endpoints';
import { AppInfo, ProfileView, SecretStorage } from './views';
import { JournalEntryView, JournalState, JournalWarningView } from './journal-views';

// Troubleshooting at the counter: the connection check, the request log, the terminal's last known
// state and the support bundle. Everything here has been through the main process's Redactor:
// no Authkey (only the <AUTH_KEY> placeholder), card data never beyond first 4 / last 4.

const ProfileId = z.string().min(1, 'must not be empty').max(64, 'must be at most 64 characters');
const Instant = z.string();

/** Which terminal: the one named, or the active one. */
export const ProfileChoice = z.strictObject({ profileId: ProfileId.optional() }).nullish();
export type ProfileChoice = z.input<typeof ProfileChoice>;

// ---- connection check ------------------------------------------------------------------------

export const CheckStepId = z.enum(['settings', 'dns', 'tcp', 'tls', 'http', 'terminal']);
export type CheckStepId = z.infer<typeof CheckStepId>;

export const CheckStep = z.object({
  id: CheckStepId,
  name: z.string(),
  /** pending and running only while the check is under way. */
  status: z.enum(['pending', 'running', 'ok', 'failed', 'skipped']),
  durationMs: z.number().int().nonnegative(),
  detail: z.string(),
});
export type CheckStep = z.infer<typeof CheckStep>;

/** Stable names of what the check concluded; the renderer may switch on them, never on text. */
export const VerdictKind = z.enum([
  'ready',
  'no-authkey',
  'settings',
  'dns',
  'refused',
  'timeout',
  'unreachable',
  'network',
  'tls-self-signed',
  'tls-expired',
  'tls-hostname',
  'tls-untrusted',
  'tls',
  'http',
  'redirect',
  'not-spin',
  'offline',
  'wrong-authkey',
  'wrong-tpn',
  'busy',
  'service',
]);
export type VerdictKind = z.infer<typeof VerdictKind>;

export const Verdict = z.object({
  ok: z.boolean(),
  kind: VerdictKind,
  /** A few plain words, shown large: "The terminal is offline". */
  title: z.string(),
  explanation: z.string(),
  /** The next thing to try. */
  remedy: z.string(),
  statusCode: z.string().optional(),
  /** 2008: how long the service asked us to wait. */
  retryAfterSeconds: z.number().nonnegative().optional(),
});
export type Verdict = z.infer<typeof Verdict>;

export const CheckReport = z.object({
  id: z.string(),
  profileId: z.string(),
  profileName: z.string(),
  /** Where the requests go (the profile's base URL label) and the TPN. */
  endpoint: z.string(),
  tpn: z.string(),
  startedAt: Instant,
  finishedAt: Instant.optional(),
  running: z.boolean(),
  steps: z.array(CheckStep),
  /** Set when the check has finished: the first failure's verdict, or "ready". */
  verdict: Verdict.optional(),
});
export type CheckReport = z.infer<typeof CheckReport>;

// ---- request log -----------------------------------------------------------------------------

const endpointNames = Object.keys(endpoints) as [EndpointName, ...EndpointName[]];
export const LogEndpoint = z.enum(endpointNames);

/**
 * ok: ResultCode 0. terminal: the terminal answered no (ResultCode 1). service: the SPIn proxy
 * refused (ResultCode 2, or an HTTP error with its code). failed: no usable answer at all.
 */
export const LogOutcome = z.enum(['ok', 'terminal', 'service', 'failed']);
export type LogOutcome = z.infer<typeof LogOutcome>;

export const LogFilter = z
  .strictObject({
    endpoint: LogEndpoint.optional(),
    outcome: LogOutcome.optional(),
    /** Case-insensitive text anywhere in the entry, its codes, explanation or bodies. */
    text: z.string().max(100, 'must be at most 100 characters').optional(),
    profileId: ProfileId.optional(),
  })
  .nullish();
export type LogFilter = z.input<typeof LogFilter>;

export const LogEntryView = z.object({
  id: z.string(),
  at: Instant,
  durationMs: z.number().int().nonnegative(),
  endpoint: LogEndpoint,
  url: z.string(),
  tpn: z.string(),
  profileId: z.string().optional(),
  httpStatus: z.number().int().optional(),
  resultCode: z.string().optional(),
  statusCode: z.string().optional(),
  message: z.string().optional(),
  outcome: LogOutcome,
  /** The code catalogue's label and explanation, or what went wrong on the way. */
  explanation: z.string(),
  remedy: z.string().optional(),
  errorCode: z.string().optional(),
});
export type LogEntryView = z.infer<typeof LogEntryView>;

/** Newest first. `kept` is how many entries the log holds in all (it keeps the last 500). */
export const LogPage = z.object({ entries: z.array(LogEntryView), kept: z.number().int(), matched: z.number().int() });
export type LogPage = z.infer<typeof LogPage>;

export const LogEntryInput = z.strictObject({ entryId: z.string().min(1, 'must not be empty').max(64, 'must be at most 64 characters') });

/** One entry with its (redacted) bodies, pretty-printed. */
export const LogEntryDetail = LogEntryView.extend({
  request: z.string(),
  response: z.string(),
  /** True when the answer was longer than the log keeps. */
  truncated: z.boolean(),
});
export type LogEntryDetail = z.infer<typeof LogEntryDetail>;

export const CurlCommand = z.object({ command: z.string() });
export const ClearLogResult = z.object({ cleared: z.number().int() });

// ---- terminal state (the header's indicator) -------------------------------------------------

export const TerminalState = z.enum(['online', 'offline', 'busy', 'unreachable', 'refused', 'unknown']);
export type TerminalState = z.infer<typeof TerminalState>;

export const TerminalStateView = z.object({
  profileId: z.string().nullable(),
  state: TerminalState,
  /** When the state was last learned. */
  at: Instant.optional(),
  /** The last time the terminal answered a request (ResultCode 0 or 1). */
  lastSuccessAt: Instant.optional(),
  statusCode: z.string().optional(),
  detail: z.string(),
});
export type TerminalStateView = z.infer<typeof TerminalStateView>;

// ---- support bundle --------------------------------------------------------------------------

export const SupportBundleContent = z.object({
  kind: z.literal('spin-desk-support-bundle'),
  formatVersion: z.literal(1),
  createdAt: Instant,
  app: AppInfo,
  os: z.object({ platform: z.string(), release: z.string(), arch: z.string(), node: z.string() }),
  secretStorage: SecretStorage,
  profiles: z.array(ProfileView),
  activeProfileId: z.string().nullable(),
  terminalStates: z.array(TerminalStateView),
  connectionChecks: z.array(CheckReport),
  journal: z.object({
    total: z.number().int(),
    byState: z.partialRecord(JournalState, z.number().int()),
    pending: z.array(JournalEntryView),
    warnings: z.array(JournalWarningView),
    reconciling: z.boolean(),
  }),
  requestLog: z.object({ kept: z.number().int(), entries: z.array(LogEntryDetail) }),
});
export type SupportBundleContent = z.infer<typeof SupportBundleContent>;

/** The bundle as the file to save: human-readable JSON. */
export const SupportBundle = z.object({ filename: z.string(), json: z.string() });
export type SupportBundle = z.infer<typeof SupportBundle>;
