import { focusFirstInvalid } from '../../lib/focus';
import { apiPathErrors, FormReader, type PathErrors } from '../../lib/form-reader';
import type { z } from '@shared/zod-mini';
import type { Confirmation } from './OperationFrame.svelte';
import type { Operation } from './operation.svelte';

/**
 * What every payment form does between the cashier's submit and the send: the fields are read
 * through the contract's schema (the rules main applies), what is wrong is shown at its field (main's
 * BAD_INPUT fields too) with the cursor on the first, and what passed is kept for the send, which
 * waits for the confirmation dialog where money moves. OperationFrame shows the form and the dialog.
 */
export class OperationForm<T> {
  /** The form element, bound by OperationFrame, for focusFirstInvalid(). */
  element = $state<HTMLFormElement | undefined>();
  /** Set once the fields pass where the cashier confirms first; the dialog sends, or closing it drops it. */
  confirmation = $state<Confirmation | null>(null);
  #ownErrors = $state<PathErrors>({});
  #checked: T | null = null;
  readonly #op: () => Operation<unknown>;
  readonly #send: (input: T) => void;

  /** `op`: the request the form fills (a getter: a new payment's form follows its kind). */
  constructor(op: () => Operation<unknown>, send: (input: T) => void) {
    this.#op = op;
    this.#send = send;
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
  check<S extends z.ZodMiniType<T>>(schema: S, candidate: unknown, typedOk = true): T | null {
    const result = new FormReader().check(schema, candidate);
    this.#ownErrors = result.ok ? {} : result.errors;
    if (!result.ok || !typedOk) {
      void focusFirstInvalid(this.element);
      return null;
    }
    this.#checked = result.value;
    return result.value;
  }

  /** Sends what passed the last check: at once, or from the confirmation dialog. */
  send(): void {
    if (this.#checked !== null) this.#send(this.#checked);
  }
}

/** What OperationFrame uses of a form's OperationForm, whatever its input. */
export type FormOfOperation = Pick<OperationForm<unknown>, 'element' | 'confirmation' | 'op' | 'send'>;
