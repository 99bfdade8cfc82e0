import { GetCardForm, UserChoiceForm, UserInputForm } from '@shared/ipc/display-views';
import type { UserInputType } from '@shared/spin/enums';
import { FormReader, type Checked } from '../../lib/form-reader';
import type { z } from '@shared/zod-mini';

// The prompt forms as typed, and their check with the contract's schemas (the same rules main
// applies) before anything is sent. Error keys are the contract's paths ("options.2").

export interface UserInputFields {
  title: string;
  type: UserInputType;
  maxLength: string;
  timeoutSeconds: string;
  hiddenInput: boolean;
}

export const emptyUserInput = (): UserInputFields => ({ title: '', type: 'Number', maxLength: '', timeoutSeconds: '', hiddenInput: false });

export function toUserInputForm(fields: UserInputFields, profileId: string): Checked<z.output<typeof UserInputForm>> {
  const reader = new FormReader();
  return reader.check(UserInputForm, {
    profileId,
    title: fields.title,
    type: fields.type,
    timeoutSeconds: reader.whole('timeoutSeconds', fields.timeoutSeconds),
    // A message with no typing has no length to limit.
    maxLength: fields.type === 'InfoOnly' ? undefined : reader.whole('maxLength', fields.maxLength),
    hiddenInput: fields.type === 'InfoOnly' ? false : fields.hiddenInput,
  });
}

export interface ChoiceFields {
  title: string;
  options: { key: number; text: string }[];
}

let nextKey = 1;
export const emptyOption = () => ({ key: nextKey++, text: '' });
export const emptyChoice = (): ChoiceFields => ({ title: '', options: [emptyOption(), emptyOption()] });

export function toUserChoiceForm(fields: ChoiceFields, profileId: string): Checked<z.output<typeof UserChoiceForm>> {
  return new FormReader().check(UserChoiceForm, { profileId, title: fields.title, options: fields.options.map((option) => option.text) });
}

export interface GetCardFields {
  prompt: string;
  timeoutSeconds: string;
}

export function toGetCardForm(fields: GetCardFields, profileId: string): Checked<z.output<typeof GetCardForm>> {
  const reader = new FormReader();
  return reader.check(GetCardForm, {
    profileId,
    ...(fields.prompt.trim() ? { prompt: fields.prompt } : {}),
    timeoutSeconds: reader.whole('timeoutSeconds', fields.timeoutSeconds),
  });
}
