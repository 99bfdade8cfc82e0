import type { z } from 'zod';
import {
  promptWaitSeconds,
  type CardRead,
  type GetCardForm,
  type UserChoiceAnswer,
  type UserChoiceForm,
  type UserInputAnswer,
  type UserInputForm,
} from '@shared/ipc/display-views';
import type { TerminalTarget } from '../profiles/profile-service';
import { cardReadOf } from './card-read';
import { callTerminal, filled, type TerminalDeps } from '../terminal/terminal-call';

// Questions the customer answers on the terminal (/v2/Common/UserInput, UserChoice) and a card
// read without a charge (/v2/Payment/GetCard). A cancel on the terminal comes back as 1012 and a
// customer who walks away as 2007; both reach the screen as envelope errors with that StatusCode.

/** With its own Timeout a prompt may outlast the profile's SPInProxyTimeout; stretch the latter to match. */
function waitFields(target: TerminalTarget, timeoutSeconds: number | undefined) {
  return {
    ...(timeoutSeconds !== undefined ? { Timeout: timeoutSeconds } : {}),
    SPInProxyTimeout: promptWaitSeconds(target.proxyTimeoutSeconds, timeoutSeconds),
  };
}

export async function runUserInput(deps: TerminalDeps, form: z.output<typeof UserInputForm>): Promise<UserInputAnswer> {
  const answer = await callTerminal(deps, form.profileId, 'UserInput', (target) => ({
    Title: form.title,
    Type: form.type,
    ...waitFields(target, form.timeoutSeconds),
    ...(form.maxLength !== undefined ? { MaxLength: form.maxLength } : {}),
    HiddenInput: form.hiddenInput,
  }));
  return { value: answer.InputedString ?? '', hidden: form.hiddenInput };
}

export async function runUserChoice(deps: TerminalDeps, form: z.output<typeof UserChoiceForm>): Promise<UserChoiceAnswer> {
  const answer = await callTerminal(deps, form.profileId, 'UserChoice', () => ({ Title: form.title, ChoiceOptions: form.options }));
  return { selectedOption: answer.SelectedOption ?? '' };
}

export async function runGetCard(deps: TerminalDeps, form: z.output<typeof GetCardForm>): Promise<CardRead> {
  const answer = await callTerminal(deps, form.profileId, 'GetCard', (target) => ({
    ...(filled(form.prompt) ? { Prompt: filled(form.prompt) } : {}),
    ...waitFields(target, form.timeoutSeconds),
  }));
  return cardReadOf(answer);
}
