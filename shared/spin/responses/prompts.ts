import { CardData, responseSchema } from '../common';
import { looseString } from '../tolerant';

// Prompt answers carry what the customer entered or picked; GetCard carries the card read.

/** `InputedString` is the documented spelling. */
export const UserInputResponse = responseSchema({ InputedString: looseString() });

export const UserChoiceResponse = responseSchema({ SelectedOption: looseString() });

/** Disclaimer and GetSignature: the signature as base64 PNG, when one was captured. */
export const DisclaimerResponse = responseSchema({ Signature: looseString() });
export const GetSignatureResponse = responseSchema({ Signature: looseString() });

/**
 * The schema: Track1, Track2, Account, EntryType. Clients read CardData and a token instead
 * (docs/PROTOCOL.md §4.13). Both shapes are accepted.
 */
export const GetCardResponse = responseSchema({
  Track1: looseString(),
  Track2: looseString(),
  Account: looseString(),
  EntryType: looseString(),
  ReferenceId: looseString(),
  CardData,
  Token: looseString(),
  IPosToken: looseString(),
});
