import { focusFirstInvalid } from '../../lib/focus';
import type { Checked, PathErrors } from '../../lib/form-reader';
import type { TerminalRequest } from '../../lib/request/terminal-request.svelte';
import { promptWaitSeconds } from '@shared/ipc/display-views';

/** What a checked form sends: how long the terminal may wait on the customer, and the call itself. */
export interface PromptSend<A> {
  waitSeconds: number;
  send: () => Promise<A>;
}

/** The panel a submit belongs to: its form, its request, and how it shows its own check's errors. */
export interface PromptPanel<A> {
  form: HTMLFormElement | undefined;
  request: TerminalRequest<A>;
  /** Called before the cursor moves, so the field is already marked when focus looks for it. */
  showErrors: (errors: PathErrors) => void;
}

/**
 * The one submit of every prompt panel: the page stays put, a form that fails its own check sends
 * nothing and puts the cursor on the first wrong field; a checked one goes to the terminal, and a
 * refusal naming a field (a validation answer from main) takes the cursor there too.
 */
export async function submitPrompt<V, A>(
  event: SubmitEvent,
  { form, request, showErrors }: PromptPanel<A>,
  checked: Checked<V>,
  toSend: (value: V) => PromptSend<A>,
): Promise<void> {
  event.preventDefault();
  showErrors(checked.ok ? {} : checked.errors);
  if (!checked.ok) return focusFirstInvalid(form);
  const { waitSeconds, send } = toSend(checked.value);
  await request.run(waitSeconds, send);
  await focusFirstInvalid(form);
}

/**
 * The send of a prompt with its own time limit (Ask for input, Read a card): the service waits on
 * the customer as long as promptWaitSeconds says, and the screen counts against the same number.
 */
export function withPromptTimeout<V extends { timeoutSeconds?: number | undefined }, A>(
  profileSeconds: number,
  send: (value: V) => Promise<A>,
): (value: V) => PromptSend<A> {
  return (value) => ({ waitSeconds: promptWaitSeconds(profileSeconds, value.timeoutSeconds), send: () => send(value) });
}
