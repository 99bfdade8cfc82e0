import { CardData, responseSchema } from '../common';
import { looseString } from '../tolerant';

// Prompt answers carry what the customer entered or picked; GetCard carries the card read.

/** `InputedString` is the documented spelling. */
export const UserInputResponse = responseSchema({ InputedString: looseString() });

export const UserChoiceResponse = responseSchema({ SelectedOption: looseString() });

/**
 * INTERFACE: Track1, Track2, Account, EntryType. REFERENCE §4.13: clients read CardData and a
 * token instead. Both shapes are accepted.
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
