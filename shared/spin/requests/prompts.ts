import { z } from 'zod';
import { credentialFields, referenceId } from '../common';
import { PaymentType, UserInputType } from '../enums';
import { bool, strictRequest, text, wholeNumber, withRules } from '../rules';

// Prompts answered by the customer on the terminal (/v2/Common/UserInput, UserChoice) and the
// card read without a charge (/v2/Payment/GetCard). Timeouts are seconds; their upper bound is
// unconfirmed (docs/PROTOCOL.md §13.3), so only "a positive whole number" is enforced.

const seconds = () => wholeNumber(1).nullable().optional();

export const UserInputRequest = strictRequest({
  ...credentialFields,
  Title: text({ min: 1 }),
  Type: UserInputType,
  Timeout: seconds(),
  MaxLength: wholeNumber(1).nullable().optional(),
  /** Mask what the customer types (PINs, codes). */
  HiddenInput: bool().optional(),
});

/** docs/PROTOCOL.md §4.18: Title at most 250 characters; an empty option list is a 1013 on the terminal. */
export const UserChoiceRequest = strictRequest({
  ...credentialFields,
  Title: text({ min: 1, max: 250 }),
  ChoiceOptions: z.array(text({ min: 1 }), withRules).min(1),
});

/**
 * The schema lists Prompt and Timeout; clients also send ReferenceId and PaymentType
 * (docs/PROTOCOL.md §4.13). All are optional.
 */
export const GetCardRequest = strictRequest({
  ...credentialFields,
  Prompt: text().optional(),
  Timeout: seconds(),
  ReferenceId: referenceId().optional(),
  PaymentType: z.optional(PaymentType),
});

/**
 * Shows a text on the terminal (docs/PROTOCOL.md §4.21). The vendor's docs list Title (required)
 * beside the credentials and say the customer signs; a live terminal only showed it and answered
 * at once. The app does not call it; the simulator serves it.
 */
export const DisclaimerRequest = strictRequest({
  ...credentialFields,
  Title: text({ min: 1 }),
});

/** Captures the customer's signature on the terminal: nothing beyond the credentials (docs/PROTOCOL.md §4.21). */
export const GetSignatureRequest = strictRequest(credentialFields);
