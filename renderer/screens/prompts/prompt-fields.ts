import { COUNT, type FieldSpec } from '../../lib/ui/field-spec';
import { m } from '../../lib/i18n/messages';
import type { UserInputType } from '@shared/spin/enums';

// The boxes of the prompt forms, drawn by FormFields; keys are those of the drafts in prompt-forms.ts.
// Functions, called in the markup, so labels and hints follow a language switch.

/** How long the terminal waits for the customer: the same box on every prompt, under that prompt's words. */
function timeout(id: string, label: string): FieldSpec {
  return { key: 'timeoutSeconds', id, label, optional: true, ...COUNT, hint: m.prompt_timeout_hint() };
}

/** The drop-down's words for each kind of answer: a Record, so a new kind cannot come without its words. */
const ANSWER_KINDS: Record<UserInputType, () => string> = {
  Number: m.prompt_kind_digits,
  Letters: m.prompt_kind_letters,
  NumberAndLetters: m.prompt_kind_digits_letters,
  Currency: m.prompt_kind_money,
  InfoOnly: m.prompt_kind_info_only,
};
const answerKindOptions = () => (Object.keys(ANSWER_KINDS) as UserInputType[]).map((value) => ({ value, label: ANSWER_KINDS[value]() }));

export const userInputQuestion = (): readonly FieldSpec[] => [
  { key: 'title', id: 'user-input-title', label: m.prompt_question_label(), maxlength: 250, hint: m.prompt_input_title_hint() },
  { key: 'type', id: 'user-input-type', label: m.prompt_kind_label(), options: answerKindOptions() },
];

/** Under a question the customer answers by typing. */
export const userInputLimits = (): readonly FieldSpec[] => [
  {
    key: 'maxLength',
    id: 'user-input-max',
    label: m.prompt_max_length_label(),
    optional: true,
    ...COUNT,
    hint: m.prompt_max_length_hint(),
  },
  timeout('user-input-timeout', m.prompt_answer_time_label()),
];

/** Under a message only shown: no answer to limit, only how long it stays. */
export const infoOnlyTime = (): readonly FieldSpec[] => [timeout('user-input-timeout', m.prompt_show_for_label())];

export const getCardFields = (): readonly FieldSpec[] => [
  {
    key: 'prompt',
    id: 'get-card-prompt',
    label: m.prompt_card_message_label(),
    optional: true,
    maxlength: 100,
    hint: m.prompt_card_message_hint(),
  },
  timeout('get-card-timeout', m.prompt_card_time_label()),
];

export const userChoiceQuestion = (): readonly FieldSpec[] => [
  {
    key: 'title',
    id: 'user-choice-title',
    label: m.prompt_question_label(),
    maxlength: 250,
    hint: m.prompt_choice_title_hint(),
  },
];
