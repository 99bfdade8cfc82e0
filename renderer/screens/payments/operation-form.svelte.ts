import { focusFirstInvalid } from '../../lib/focus';
import { apiPathErrors, FormReader, type PathErrors } from '../../lib/form-reader';
import type { z } from '@shared/zod-mini';
import type { Confirmation } from './OperationFrame.svelte';
import type { Operation } from './operation.svelte';

/**
 * What every payment form does between the cashier's submit and the send: the fields are read
 * through the contract's schema (the rules main applies), what is wrong is shown at its field (main's
 * BAD_INPUT fields too) with the cursor on the first, and where money moves the send waits for the
 * confirmation dialog. OperationFrame shows the form, the request's progress and the dialog.
 */
export class OperationForm {
  /** The form element, bound by OperationFrame, for focusFirstInvalid(). */
  element = $state<HTMLFormElement | undefined>();
  /** What the dialog asks, once the fields pass where the cashier confirms first; closing it drops it. */
  confirmation = $state<Confirmation | null>(null);
  #ownErrors = $state<PathErrors>({});
  #onconfirm: () => void = () => {};
  readonly #op: () => Operation<unknown>;

  /** `op`: the request the form fills (a getter: a new payment's form follows its kind). */
  constructor(op: () => Operation<unknown>) {
    this.#op = op;
  }

  get op(): Operation<unknown> {
    return this.#op();
  }

  /** The message at each field: the form's own check first, else main's answer to the last send. */
  errors = $derived<PathErrors>({ ...apiPathErrors(this.op.error), ...this.#ownErrors });

  /**
   * Reads `candidate` through `schema`; `typedOk` says the boxes that parse as they are left (money)
   * did. The input to send, or null with the cursor moved to the first field in the wrong.
   */
  check<S extends z.ZodMiniType>(schema: S, candidate: unknown, typedOk = true): z.output<S> | null {
    const result = new FormReader().check(schema, candidate);
    this.#ownErrors = result.ok ? {} : result.errors;
    if (result.ok && typedOk) return result.value;
    void focusFirstInvalid(this.element);
    return null;
  }

  /** Asks first: the dialog shows `confirmation`, and its Confirm runs `send`. */
  ask(confirmation: Confirmation, send: () => void): void {
    this.confirmation = confirmation;
    this.#onconfirm = send;
  }

  /** The dialog's Confirm: sends what it asked about. */
  confirm(): void {
    this.#onconfirm();
  }
}
