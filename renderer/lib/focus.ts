import { tick } from 'svelte';
import type { Attachment } from 'svelte/attachments';

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

/**
 * The page back at its top, the header with the active terminal in view: for a screen that opens,
 * or an answer that replaces its form. The document is the one scroller (App.svelte), and its
 * position would otherwise carry over from what was shown before (issue 36: screens opened ~70 px
 * down). Through scrollTop rather than window.scrollTo, which jsdom does not implement.
 */
export function showPageTop(): void {
  const page = document.scrollingElement ?? document.documentElement;
  page.scrollTop = 0;
  page.scrollLeft = 0;
}

/**
 * For the heading of a detail panel: it takes focus each time the panel shows another entry (`key`
 * changes), so the keyboard user lands where the news is. `{@attach focusOnChange(() => entry.id)}`.
 */
export function focusOnChange(key: () => unknown): Attachment<HTMLElement> {
  return (node) => {
    key();
    node.focus();
  };
}
