import { tick } from 'svelte';

/** After a failed submit, take the person to the first field that needs fixing. */
export async function focusFirstInvalid(form: HTMLFormElement | undefined): Promise<void> {
  // The aria-invalid attributes appear once Svelte has applied the new errors.
  await tick();
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

/**
 * When a form opens for a new entry (the Sale on launch, after "New sale"), the cursor waits in
 * its first field that can be typed into, so the cashier types the amount at once. Runs after the
 * screen title has taken focus for screen readers, so the field wins.
 */
export async function focusFirstField(form: HTMLFormElement | undefined, options?: FocusOptions): Promise<void> {
  await tick();
  form?.querySelector<HTMLElement>('input:not([readonly]):not([disabled]):not([type="hidden"]), select, textarea')?.focus(options);
}
