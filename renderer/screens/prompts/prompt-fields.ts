import { COUNT, type FieldSpec } from '../../lib/ui/field-spec';
import type { UserInputType } from '@shared/spin/enums';

// The boxes of the prompt forms, drawn by FormFields; keys are those of the drafts in prompt-forms.ts.

/** How long the terminal waits for the customer: the same box on every prompt, under that prompt's words. */
function timeout(id: string, label: string): FieldSpec {
  return { key: 'timeoutSeconds', id, label, optional: true, ...COUNT, hint: "1 to 720. Blank: the terminal's own." };
}

/** The drop-down's words for each kind of answer: a Record, so a new kind cannot come without its words. */
const ANSWER_KINDS: Record<UserInputType, string> = {
  Number: 'Digits',
  Letters: 'Letters',
  NumberAndLetters: 'Digits and letters',
  Currency: 'Amount of money',
  InfoOnly: 'Message only (no typing)',
};
const answerKindOptions = (Object.keys(ANSWER_KINDS) as UserInputType[]).map((value) => ({ value, label: ANSWER_KINDS[value] }));

export const USER_INPUT_QUESTION: readonly FieldSpec[] = [
  { key: 'title', id: 'user-input-title', label: 'Question on the terminal', maxlength: 250, hint: 'For example: Enter your ZIP code.' },
  { key: 'type', id: 'user-input-type', label: 'What the customer types', options: answerKindOptions },
];

/** Under a question the customer answers by typing. */
export const USER_INPUT_LIMITS: readonly FieldSpec[] = [
  { key: 'maxLength', id: 'user-input-max', label: 'Longest answer (characters)', optional: true, ...COUNT, hint: '1 to 100.' },
  timeout('user-input-timeout', 'Time to answer (seconds)'),
];

/** Under a message only shown: no answer to limit, only how long it stays. */
export const INFO_ONLY_TIME: readonly FieldSpec[] = [timeout('user-input-timeout', 'Show for (seconds)')];

export const GET_CARD_FIELDS: readonly FieldSpec[] = [
  {
    key: 'prompt',
    id: 'get-card-prompt',
    label: 'Message on the terminal',
    optional: true,
    maxlength: 100,
    hint: 'For example: Tap or insert your card.',
  },
  timeout('get-card-timeout', 'Time to present the card (seconds)'),
];

export const USER_CHOICE_QUESTION: readonly FieldSpec[] = [
  {
    key: 'title',
    id: 'user-choice-title',
    label: 'Question on the terminal',
    maxlength: 250,
    hint: 'At most 250 characters. For example: How would you like your receipt?',
  },
];
