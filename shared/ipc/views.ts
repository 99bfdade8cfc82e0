import { z } from '../zod-mini';
import { MORE_THAN_ZERO } from '../spin/money';
import { ChargeCheck, TipHandling } from './tip-rules';

/** Shapes that cross the IPC boundary. Money is integer cents; the wire's dollars stay in main. */

export const Environment = z.enum(['demo', 'production', 'sandbox', 'custom']);
export type Environment = z.infer<typeof Environment>;

const Cents = z.number().check(z.int('must be a whole number of cents'));
const PositiveCents = Cents.check(z.positive(MORE_THAN_ZERO), z.maximum(9_999_999_999, 'must be at most $99,999,999.99'));
const NonNegativeCents = Cents.check(z.nonnegative('must not be negative'), z.maximum(9_999_999_999, 'must be at most $99,999,999.99'));
export const ReferenceId = z
  .string()
  .check(
    z.minLength(1, 'must not be empty'),
    z.maxLength(50, 'must be at most 50 characters'),
    z.regex(/^[A-Za-z0-9_-]+$/, 'may use only letters, digits, - and _'),
  );

export const ProfileDraft = z.strictObject({
  id: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  name: z.string().check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(60, 'must be at most 60 characters')),
  environment: Environment,
  /** Only for the custom environment; HTTPS unless it points at this machine. */
  customUrl: z.optional(z.string().check(z.maxLength(300, 'must be at most 300 characters'))),
  tpn: z.string().check(z.trim(), z.minLength(10, 'must be 10 to 12 characters'), z.maxLength(12, 'must be 10 to 12 characters')),
  registerId: z.optional(z.string().check(z.trim(), z.maxLength(50, 'must be at most 50 characters'))),
  proxyTimeoutSeconds: z
    .number()
    .check(z.int('must be a whole number'), z.minimum(1, 'must be at least 1'), z.maximum(720, 'must be at most 720')),
  merchantNumber: z.optional(z.nullable(z.number().check(z.int(), z.minimum(1, 'must be 1 to 5'), z.maximum(5, 'must be 1 to 5')))),
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

/**
 * canceled: cancelled on the terminal (1012), no money moved; a decline is the card or host saying no.
 * settled-unknown: the answer was lost and the batch was settled before the lookup could tell:
 * charged or not, only the settled batch can say (never a reason to charge again).
 */
export const Outcome = z.enum(['approved', 'partial', 'declined', 'canceled', 'failed', 'settled-unknown']);
export type Outcome = z.infer<typeof Outcome>;

/** How an outcome was learned when the first answer was lost ("Approved - recovered after ..."). */
export const RecoveryNote = z.object({
  /** status-lookup: Status found it; terminal-batch: restored from the terminal's open batch after the journal lost it. */
  how: z.enum(['status-lookup', 'terminal-batch']),
  /** Why the answer had to be looked up, in words a cashier understands. */
  reason: z.string(),
});
export type RecoveryNote = z.infer<typeof RecoveryNote>;

const OptionalCents = z.nullable(Cents);
export const PaymentResult = z.object({
  outcome: Outcome,
  resultCode: z.string(),
  statusCode: z.string(),
  message: z.string(),
  /** The code catalogue's plain explanation and what to do next. */
  explanation: z.string(),
  remedy: z.string(),
  referenceId: z.string(),
  transactionType: z.optional(z.string()),
  amounts: z.object({
    total: OptionalCents,
    amount: OptionalCents,
    tip: OptionalCents,
    fee: OptionalCents,
    tax: OptionalCents,
  }),
  authCode: z.optional(z.string()),
  transactionNumber: z.optional(z.string()),
  batchNumber: z.optional(z.string()),
  hostMessage: z.optional(z.string()),
  card: z.optional(z.object({ brand: z.string(), first4: z.string(), last4: z.string(), entryType: z.string() })),
  receipts: z.optional(z.object({ customer: z.optional(z.string()), merchant: z.optional(z.string()) })),
  /** Present when the first answer was lost and this outcome came from a Status lookup. */
  recovery: z.optional(RecoveryNote),
  /**
   * Present when the outcome is true but not on disk yet (the disk refused it): what happened and
   * what to do. It is written as soon as the disk allows; until then this terminal takes no payment.
   */
  notSaved: z.optional(z.string()),
  /**
   * Details of the terminal's answer that could not be read and were left out (the outcome never
   * depends on them): each names the field and what was wrong with it.
   */
  ignoredFields: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
  /**
   * Present when an approval's amounts differ from what was meant (amount + tip as entered), or the
   * terminal did not say what it charged: shown loudly on the result card, in History and by the
   * receipts. Never set on a partial approval (short on purpose) or on what moved no money.
   */
  chargeCheck: z.optional(ChargeCheck),
  /**
   * The terminal's figures do not add up (shared/spin/terminal-amounts.ts): "The terminal's
   * figures do not add up: FeeAmount: -0.5 is below $0.00". The amounts are then all null (none is
   * believed) and the outcome stands as the terminal said it; shown loudly on the result card.
   */
  amountsProblem: z.optional(z.string()),
  /** Chip data the terminal reported (for troubleshooting a card): none of it identifies the card. */
  emv: z.optional(
    z.object({
      applicationName: z.optional(z.string()),
      aid: z.optional(z.string()),
      tvr: z.optional(z.string()),
      tsi: z.optional(z.string()),
      iad: z.optional(z.string()),
      arc: z.optional(z.string()),
    }),
  ),
});
export type PaymentResult = z.infer<typeof PaymentResult>;

export const DemoBehaviour = z.enum(['approve', 'decline', 'cancel', 'no-answer', 'partial', 'busy', 'offline']);
export type DemoBehaviour = z.infer<typeof DemoBehaviour>;

export const AppInfo = z.object({
  name: z.string(),
  version: z.string(),
  shell: z.enum(['electron', 'browser']),
  /** Where this copy keeps its journal, settings and logs (Help → About); absent when it keeps them in memory only. */
  dataFolder: z.optional(z.string()),
});
export type AppInfo = z.infer<typeof AppInfo>;

/**
 * Whether spin-desk can keep its payment journal. ok; low-space: still writing, but the disk is
 * nearly full (of bytes, or of files: its free inodes); failing: the last write failed, payments
 * are refused until a test write succeeds; read-only: this session cannot write at all (history
 * is readable, payments refused).
 */
export const StorageHealth = z.object({
  state: z.enum(['ok', 'low-space', 'failing', 'read-only', 'entries-missing']),
  /** What is wrong, in plain words (absent when ok). */
  message: z.optional(z.string()),
  remedy: z.optional(z.string()),
  /** Free bytes on the disk holding the data folder, when known. */
  freeBytes: z.nullable(z.number().check(z.nonnegative())),
  /** Payment results shown but not on disk yet. */
  unsavedResults: z.number().check(z.int(), z.nonnegative()),
  /**
   * entries-missing: the journal lost its newest entries (its write-ahead log deleted or damaged
   * after a crash; journal/high-water.ts): how many, and how many were restored from the
   * terminals' open batches so far. Payments go on.
   */
  lostEntries: z.optional(
    z.object({
      missing: z.number().check(z.int(), z.nonnegative()),
      restored: z.number().check(z.int(), z.nonnegative()),
      rebuilt: z.boolean(),
    }),
  ),
});
export type StorageHealth = z.infer<typeof StorageHealth>;

/** Money rules for the sibling view files (payment-views.ts). */
export { PositiveCents, NonNegativeCents, OptionalCents };
export { ChargeCheck, TipHandling };

/**
 * How Authkeys are protected at rest. 'weak' (Linux without a keyring) stores them only after the
 * user accepts a warning; 'unavailable' cannot store them at all.
 */
export const SecretStorage = z.object({
  level: z.enum(['keychain', 'weak', 'unavailable', 'memory']),
  description: z.string(),
});
export type SecretStorage = z.infer<typeof SecretStorage>;
