import { z } from '../zod-mini';
import * as m from '../i18n/paraglide/messages/_index.js';
import { rule, ruleWords } from '../spin/rule-words';
import { ChargeCheck } from './tip-rules';
import { OptionalCents } from './cents-rules';
import { knownSaid, Said } from './said';

// What a payment's result looks like on the renderer's side, and the ReferenceId that names it.

export const ReferenceId = z.string().check(
  z.minLength(1, rule.notEmpty()),
  z.maxLength(50, rule.atMostChars(50)),
  z.regex(
    /^[A-Za-z0-9_-]+$/,
    ruleWords(() => m.rule_letters_digits_dash()),
  ),
);

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
  /** Why the answer had to be looked up, in words a cashier understands (English, as the journal keeps it). */
  reason: z.string(),
  /** The reason in the catalogue's words, for the page to word in its language; older entries lack it. */
  said: z.optional(Said),
});
export type RecoveryNote = z.infer<typeof RecoveryNote>;

/** A stored recovery as a view carries it: its Said only when the page can word it (said.ts, knownSaid). */
export function recoveryNoteOf(recovery: { how: RecoveryNote['how']; reason: string; said?: Said | undefined }): RecoveryNote {
  const said = knownSaid(recovery.said);
  return { how: recovery.how, reason: recovery.reason, ...(said ? { said } : {}) };
}

/**
 * What the terminal answered, in its words (StatusCode, Message) and in the code catalogue's: its
 * plain explanation and what to do next.
 */
export const answerWordsFields = {
  statusCode: z.string(),
  message: z.string(),
  explanation: z.string(),
  remedy: z.string(),
};

export const PaymentResult = z.object({
  outcome: Outcome,
  resultCode: z.string(),
  ...answerWordsFields,
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

/** What the built-in demo terminal answers to the next payment (its "Demo" panel). */
export const DemoBehaviour = z.enum(['approve', 'decline', 'cancel', 'no-answer', 'partial', 'busy', 'offline']);
export type DemoBehaviour = z.infer<typeof DemoBehaviour>;
