import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import type { PathErrors } from '../../lib/form-reader';
import { TerminalRequest } from '../../lib/request/terminal-request.svelte';
import { submitPrompt, withPromptTimeout, type PromptPanel } from './prompt-submit';

/**
 * A panel of two fields whose showErrors marks the named field invalid, as a panel's render does;
 * `refused` marks the second one as a terminal's refusal would.
 */
function panel(refused = false): { panel: PromptPanel<string>; shown: PathErrors[]; second: HTMLInputElement } {
  const form = document.createElement('form');
  form.innerHTML = `<input name="title" /><input name="second" aria-invalid="${refused}" />`;
  document.body.replaceChildren(form);
  const shown: PathErrors[] = [];
  const showErrors = (errors: PathErrors): void => {
    shown.push(errors);
    for (const input of form.querySelectorAll('input')) if (errors[input.name]) input.setAttribute('aria-invalid', 'true');
  };
  return { panel: { form, request: new TerminalRequest<string>(), showErrors }, shown, second: form.querySelector('[name="second"]')! };
}

const submitEvent = (): SubmitEvent => new Event('submit', { cancelable: true }) as SubmitEvent;

describe('submitPrompt, the one submit of the prompt panels', () => {
  it('keeps the page, shows the errors, sends nothing and takes the cursor to the first wrong field', async () => {
    const { panel: p, shown } = panel();
    const event = submitEvent();
    let sent = 0;
    await submitPrompt(event, p, { ok: false, errors: { title: 'Must not be empty' } }, () => ({
      waitSeconds: 90,
      send: async () => `answer ${++sent}`,
    }));
    expect(event.defaultPrevented).toBe(true);
    expect(shown).toEqual([{ title: 'Must not be empty' }]);
    expect(sent).toBe(0);
    expect(p.request.phase).toBe('idle');
    expect(document.activeElement).toBe(p.form?.querySelector('[name="title"]'));
  });

  it('sends a checked form with its wait, clears the old errors and keeps the answer on the request', async () => {
    const { panel: p, shown } = panel();
    const event = submitEvent();
    await submitPrompt(event, p, { ok: true, value: 'ZIP code' }, (value) => ({ waitSeconds: 42, send: async () => `asked ${value}` }));
    expect(event.defaultPrevented).toBe(true);
    expect(shown).toEqual([{}]);
    expect(p.request.phase).toBe('done');
    expect(p.request.waitSeconds).toBe(42);
    expect(p.request.result).toBe('asked ZIP code');
  });

  it('after a refusal from the terminal, points at the field the answer names', async () => {
    const { panel: p, second } = panel(true);
    await submitPrompt(submitEvent(), p, { ok: true, value: 'x' }, () => ({
      waitSeconds: 1,
      send: async () => {
        throw new ApiError({ code: 'BAD_INPUT', message: 'Title is too long' });
      },
    }));
    expect(p.request.phase).toBe('failed');
    expect(p.request.error?.message).toBe('Title is too long');
    expect(document.activeElement).toBe(second);
  });
});

describe('withPromptTimeout, the send of a prompt with its own time limit', () => {
  it("waits the terminal's time without a limit of the prompt's, and a little past a longer limit", async () => {
    const sent: { timeoutSeconds?: number }[] = [];
    const toSend = withPromptTimeout(90, (value: { timeoutSeconds?: number }) => {
      sent.push(value);
      return Promise.resolve('answer');
    });
    expect(toSend({}).waitSeconds).toBe(90);
    expect(toSend({ timeoutSeconds: 30 }).waitSeconds).toBe(90);
    const long = toSend({ timeoutSeconds: 120 });
    expect(long.waitSeconds).toBe(125);
    expect(sent).toEqual([]);
    await expect(long.send()).resolves.toBe('answer');
    expect(sent).toEqual([{ timeoutSeconds: 120 }]);
  });
});
