import { apiPathErrors, type Checked, type PathErrors } from '../../lib/form-reader';
import type { TerminalRequest } from '../../lib/request/terminal-request.svelte';
import { submitPrompt, type PromptSend } from './prompt-submit';

/**
 * A prompt panel's form (Ask for input, Ask to choose, Read a card): its element, the errors of
 * its own check over those the terminal's answer names, and its submit (submitPrompt).
 */
export class PromptForm<A> {
  form = $state<HTMLFormElement | undefined>();
  #checkErrors = $state<PathErrors>({});

  constructor(readonly request: TerminalRequest<A>) {}

  /** A getter over state, so reactive where read (a $derived field could not see the request yet). */
  get errors(): PathErrors {
    return { ...apiPathErrors(this.request.error), ...this.#checkErrors };
  }

  submit<V>(event: SubmitEvent, checked: Checked<V>, toSend: (value: V) => PromptSend<A>): Promise<void> {
    const panel = { form: this.form, request: this.request, showErrors: (shown: PathErrors) => (this.#checkErrors = shown) };
    return submitPrompt(event, panel, checked, toSend);
  }
}
