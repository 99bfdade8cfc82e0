import { responseSchema } from '../common';
import { looseNumber, looseString } from '../tolerant';

// Both Level 3 operations answer with the staged item count for the transaction.

const level3Fields = {
  AuthCode: looseString(),
  ReferenceId: looseString(),
  LineItemCount: looseNumber(),
};

export const AddLevel3ItemResponse = responseSchema(level3Fields);
export const RemoveLevel3ItemResponse = responseSchema(level3Fields);
