import { tick } from 'svelte';

/** After a failed submit, take the person to the first field that needs fixing. */
export async function focusFirstInvalid(form: HTMLFormElement | undefined): Promise<void> {
  // The aria-invalid attributes appear once Svelte has applied the new errors.
  await tick();
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}
