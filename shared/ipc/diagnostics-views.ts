import { z } from '../zod-mini';
import * as m from '../i18n/paraglide/messages/_index.js';
import { currentLanguage } from '../i18n/current-language';
import type { Language } from '../i18n/languages';
import { rule } from '../spin/rule-words';
import { endpointNames, type EndpointName } from '../spin/endpoint-table';
import { TipHandling } from './tip-rules';
import { AppInfo } from './app-views';
import { Outcome, ReferenceId } from './payment-result-views';
import { ProfileView, type Environment } from './profile-views';
import { SecretStorage } from './storage-views';
import { JournalEntryView, JournalState, JournalWarningView } from './journal-views';
import { Said } from './said';

// Troubleshooting at the counter: the connection check, the request log, the terminal's last known
// state and the support bundle. Everything here has been through the main process's Redactor:
// no Authkey (only the <AUTH_KEY> placeholder), card data never beyond first 4 / last 4.

const ProfileId = z.string().check(z.minLength(1, rule.notEmpty()), z.maxLength(64, rule.atMostChars(64)));
const Instant = z.string();

/** Which terminal: the one named, or the active one. */
export const ProfileChoice = z.nullish(z.strictObject({ profileId: z.optional(ProfileId) }));
export type ProfileChoice = z.input<typeof ProfileChoice>;

// ---- connection check ------------------------------------------------------------------------

export const CheckStepId = z.enum(['settings', 'dns', 'tcp', 'tls', 'http', 'terminal']);
export type CheckStepId = z.infer<typeof CheckStepId>;

export const CheckStep = z.object({
  id: CheckStepId,
  name: z.string(),
  /** pending and running only while the check is under way. */
  status: z.enum(['pending', 'running', 'ok', 'failed', 'skipped']),
  durationMs: z.number().check(z.int(), z.nonnegative()),
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
  statusCode: z.optional(z.string()),
  /** 2008: how long the service asked us to wait. */
  retryAfterSeconds: z.optional(z.number().check(z.nonnegative())),
});
export type Verdict = z.infer<typeof Verdict>;

/** The terminal a check ran on: its profile, and the profile's name at the time. */
const checkedProfileFields = { profileId: z.string(), profileName: z.string() };

export const CheckReport = z.object({
  id: z.string(),
  ...checkedProfileFields,
  /** Where the requests go (the profile's base URL label) and the TPN. */
  endpoint: z.string(),
  tpn: z.string(),
  startedAt: Instant,
  finishedAt: z.optional(Instant),
  running: z.boolean(),
  steps: z.array(CheckStep),
  /** Set when the check has finished: the first failure's verdict, or "ready". */
  verdict: z.optional(Verdict),
});
export type CheckReport = z.infer<typeof CheckReport>;

// ---- "Verify this terminal": how it treats tips ----------------------------------------------

/**
 * The test sale: $1.00 with a $0.10 tip, sent as Amount 1.00 + TipAmount 0.10. A terminal that
 * takes Amount as including the tip charges $1.00; one that adds the tip on top charges $1.10, the
 * most it can charge. It is voided at once.
 */
export const TIP_CHECK_SALE = { amountCents: 100, tipCents: 10 } as const;
/** The most the check charges (and voids): what a Production terminal's confirmation names. */
export const TIP_CHECK_MAX_CENTS = TIP_CHECK_SALE.amountCents + TIP_CHECK_SALE.tipCents;

/**
 * Real cards are charged on Production, and may be on a custom address (it can be anything): the
 * check runs there only after the user confirmed the amount. Sandbox and the demo run at once.
 */
export function tipCheckNeedsConfirmation(environment: Environment): boolean {
  return environment === 'production' || environment === 'custom';
}

/** The terminal is always named: a check that charges a card never goes to "whichever is active". */
export const TipCheckInput = z.strictObject({
  profileId: ProfileId,
  /** Production and custom terminals: the cents the user agreed may be charged and voided. */
  confirmedCents: z.optional(z.number().check(z.int(rule.wholeCents()))),
});
export type TipCheckInput = z.input<typeof TipCheckInput>;

const OptionalCents = z.nullable(z.number().check(z.int()));
/** A terminal's answered Amounts, in cents (null where it did not say). */
export const AnsweredAmountsView = z.object({
  total: OptionalCents,
  amount: OptionalCents,
  tip: OptionalCents,
  fee: OptionalCents,
  tax: OptionalCents,
});

export const TipCheckStep = z.object({
  id: z.enum(['sale', 'status', 'void']),
  name: z.string(),
  status: z.enum(['ok', 'failed', 'skipped']),
  detail: z.string(),
});
export type TipCheckStep = z.infer<typeof TipCheckStep>;

/**
 * What became of a Verify test sale, always stated: voided (or voided before), never charged, or
 * possibly charged, when the check cannot tell (answer lost and lookup stopped, Void refused or
 * lost). Then `words` say "the $1.10 test sale REF may be charged: void it here" and the screen
 * offers diagnostics:resolveTestSale for it.
 */
export const TestSaleFate = z.object({
  referenceId: z.string(),
  /** What it charged, or the most it can have charged when that is not known. */
  amountCents: z.number().check(z.int()),
  fate: z.enum(['voided', 'not-charged', 'may-be-charged']),
  words: z.string(),
  /** An earlier check's test sale, found unresolved in the journal: this check charged nothing. */
  earlier: z.boolean(),
});
export type TestSaleFate = z.infer<typeof TestSaleFate>;

/** "Void it here": a Status check of the test sale, then its Void by ReferenceId when it is charged. */
export const ResolveTestSaleInput = z.strictObject({ profileId: ProfileId, referenceId: ReferenceId });
export type ResolveTestSaleInput = z.input<typeof ResolveTestSaleInput>;

export const TipCheckReport = z.object({
  ...checkedProfileFields,
  tpn: z.string(),
  /** The test sale's ReferenceId (History and Transactions find it by this). */
  referenceId: z.string(),
  startedAt: Instant,
  finishedAt: Instant,
  /** 'unclear': the figures fit neither reading, or the sale was not fully approved. */
  finding: z.enum(['included', 'on-top', 'unclear']),
  title: z.string(),
  explanation: z.string(),
  remedy: z.string(),
  /** The test sale's answer; null when none was learned (answer lost, lookup stopped) or none was sent (an earlier one unresolved). */
  sale: z.nullable(z.object({ outcome: Outcome, statusCode: z.string(), message: z.string(), amounts: AnsweredAmountsView })),
  /** What Status said of the test sale afterwards; null when it was not asked or failed (see steps). */
  statusAmounts: z.nullable(AnsweredAmountsView),
  steps: z.array(TipCheckStep),
  /** False when money moved and the Void did not go through: the cashier must void it by hand. */
  voided: z.boolean(),
  /** Set when the test sale is still charged, in words: what to void and where. */
  voidProblem: z.optional(z.string()),
  /** The profile now remembers this handling (only for a clear finding). */
  remembered: z.nullable(TipHandling),
  /** The test sale's fate, said on every report (or an earlier one's, when that stopped this check). */
  testSale: TestSaleFate,
});
export type TipCheckReport = z.infer<typeof TipCheckReport>;

// ---- request log -----------------------------------------------------------------------------

export const LogEndpoint = z.enum(endpointNames as [EndpointName, ...EndpointName[]]);

/**
 * ok: ResultCode 0. terminal: the terminal answered no (ResultCode 1). service: the SPIn proxy
 * refused (ResultCode 2, or an HTTP error with its code). failed: no usable answer at all.
 */
export const LogOutcome = z.enum(['ok', 'terminal', 'service', 'failed']);
export type LogOutcome = z.infer<typeof LogOutcome>;

export const LogFilter = z.nullish(
  z.strictObject({
    endpoint: z.optional(LogEndpoint),
    outcome: z.optional(LogOutcome),
    /** Case-insensitive text anywhere in the entry, its codes, explanation or bodies. */
    text: z.optional(z.string().check(z.maxLength(100, rule.atMostChars(100)))),
    profileId: z.optional(ProfileId),
  }),
);
export type LogFilter = z.input<typeof LogFilter>;

export const LogEntryView = z.object({
  id: z.string(),
  at: Instant,
  durationMs: z.number().check(z.int(), z.nonnegative()),
  endpoint: LogEndpoint,
  url: z.string(),
  tpn: z.string(),
  profileId: z.optional(z.string()),
  /** The name of the terminal's profile when the log was read (absent once the profile is gone: the TPN says which). */
  profileName: z.optional(z.string()),
  /**
   * A routine TerminalStatus poll (the header's, the Store screen's), kept in a ring of its own so
   * polls never push a payment or a failure out of the log. The connection check's is not routine.
   */
  poll: z.optional(z.boolean()),
  /** The request's ReferenceId, when it carried one: a payment and its Status lookups share it. */
  referenceId: z.optional(z.string()),
  /** The request's Amount in cents, when it carried one. */
  amountCents: z.optional(z.number().check(z.int())),
  httpStatus: z.optional(z.number().check(z.int())),
  resultCode: z.optional(z.string()),
  statusCode: z.optional(z.string()),
  message: z.optional(z.string()),
  outcome: LogOutcome,
  /** The code catalogue's label and explanation, or what went wrong on the way (English, as the log keeps it). */
  explanation: z.string(),
  /** The same as a Said, which the page words in its language; absent in entries kept before it had one. */
  explanationSaid: z.optional(Said),
  /** What to do about its status code, from the code catalogue (English, as the log keeps it). */
  remedy: z.optional(z.string()),
  /** The same as a Said, given beside explanationSaid: the page words it in its language. */
  remedySaid: z.optional(Said),
  errorCode: z.optional(z.string()),
});
export type LogEntryView = z.infer<typeof LogEntryView>;

/** Newest first. `kept` is how many entries the log holds in all (the last 500 requests and 100 status polls). */
export const LogPage = z.object({ entries: z.array(LogEntryView), kept: z.number().check(z.int()), matched: z.number().check(z.int()) });
export type LogPage = z.infer<typeof LogPage>;

export const LogEntryInput = z.strictObject({
  entryId: z.string().check(z.minLength(1, rule.notEmpty()), z.maxLength(64, rule.atMostChars(64))),
});

/** One entry with its (redacted) bodies, pretty-printed. */
export const LogEntryDetail = z.extend(LogEntryView, {
  request: z.string(),
  response: z.string(),
  /** True when the answer was longer than the log keeps. */
  truncated: z.boolean(),
});
export type LogEntryDetail = z.infer<typeof LogEntryDetail>;

export const CurlCommand = z.object({ command: z.string() });
export const ClearLogResult = z.object({ cleared: z.number().check(z.int()) });

// ---- terminal state (the header's indicator) -------------------------------------------------

export const TerminalState = z.enum(['online', 'offline', 'busy', 'unreachable', 'refused', 'unknown']);
export type TerminalState = z.infer<typeof TerminalState>;

export const TerminalStateView = z.object({
  profileId: z.nullable(z.string()),
  state: TerminalState,
  /** When the state was last learned. */
  at: z.optional(Instant),
  /** The last time the terminal answered a request (ResultCode 0 or 1). */
  lastSuccessAt: z.optional(Instant),
  statusCode: z.optional(z.string()),
  detail: z.string(),
  /** A request from this PC the terminal is working on now (the header names it). */
  busyWith: z.optional(z.object({ operation: z.string(), referenceId: z.optional(z.string()) })),
});
export type TerminalStateView = z.infer<typeof TerminalStateView>;

// ---- support bundle --------------------------------------------------------------------------

/** How many request-log entries (with bodies) go into a bundle: enough for a bad afternoon. */
export const BUNDLE_LOG_ENTRIES = 100;

/**
 * What a support bundle holds, in the words the Troubleshooting screen shows (the language of the
 * moment). The file opens with the same sentences in English (`about`, `BASE_LANGUAGE`: support
 * reads it), so whoever reads it learns what it is and what was left out.
 */
export function supportBundleAbout(language: Language = currentLanguage()): { holds: string[]; leftOut: string } {
  const say = { locale: language };
  return {
    holds: [
      m.words_bundle_holds_version({}, say),
      m.words_bundle_holds_terminals({}, say),
      m.words_bundle_holds_checks({}, say),
      m.words_bundle_holds_journal({}, say),
      m.words_bundle_holds_requests({ count: BUNDLE_LOG_ENTRIES }, say),
      m.words_bundle_holds_crashes({}, say),
    ],
    leftOut: m.words_bundle_left_out({}, say),
  };
}

/** A crash report (minidump) kept in the data folder: its path there, size and time. */
export const CrashDump = z.object({ file: z.string(), bytes: z.number().check(z.int()), at: Instant });
export type CrashDump = z.infer<typeof CrashDump>;

export const SupportBundleContent = z.object({
  kind: z.literal('spin-desk-support-bundle'),
  formatVersion: z.literal(1),
  about: z.object({ holds: z.array(z.string()), leftOut: z.string() }),
  createdAt: Instant,
  app: AppInfo,
  os: z.object({ platform: z.string(), release: z.string(), arch: z.string(), node: z.string() }),
  secretStorage: SecretStorage,
  profiles: z.array(ProfileView),
  activeProfileId: z.nullable(z.string()),
  terminalStates: z.array(TerminalStateView),
  connectionChecks: z.array(CheckReport),
  journal: z.object({
    total: z.number().check(z.int()),
    byState: z.partialRecord(JournalState, z.number().check(z.int())),
    pending: z.array(JournalEntryView),
    warnings: z.array(JournalWarningView),
    reconciling: z.boolean(),
    /** When the newest backup of the journal was made (null: none yet) and how many the data folder keeps. */
    lastBackup: z.object({ at: z.nullable(Instant), kept: z.number().check(z.int()) }),
  }),
  requestLog: z.object({ kept: z.number().check(z.int()), entries: z.array(LogEntryDetail) }),
  /** What the request log's entries lost on the way into the bundle, counted by kind (never the values). */
  personalDataDropped: z.record(z.string(), z.number().check(z.int())),
  crashDumps: z.array(CrashDump),
});
export type SupportBundleContent = z.infer<typeof SupportBundleContent>;

/** The bundle as the file to save: human-readable JSON. */
export const SupportBundle = z.object({ filename: z.string(), json: z.string() });
export type SupportBundle = z.infer<typeof SupportBundle>;
