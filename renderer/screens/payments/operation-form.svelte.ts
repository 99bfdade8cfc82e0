import { focusFirstInvalid } from '../../lib/focus';
import { apiPathErrors, FormReader, type PathErrors } from '../../lib/form-reader';
import type { z } from '@shared/zod-mini';
import type { Confirmation } from './OperationFrame.svelte';
import type { Operation } from './operation.svelte';

/** What a payment form does with the input once its fields pass. */
export interface FormSteps<T> {
  /** What the confirmation dialog asks before the send (money moves); null, or no step, sends at once. */
  confirmation?: (input: T) => Confirmation | null;
  send: (input: T) => void;
}

/**
 * What every payment form does between the cashier's submit and the send: the fields are read
 * through the contract's schema (the rules main applies), what is wrong is shown at its field (main's
 * BAD_INPUT fields too) with the cursor on the first, and where money moves the send waits for the
 * confirmation dialog. OperationFrame shows the form, the request's progress and the dialog.
 */
export class OperationForm<T> {
  /** The form element, bound by OperationFrame, for focusFirstInvalid(). */
  element = $state<HTMLFormElement | undefined>();
  /** What the dialog asks, once the fields pass where the cashier confirms first; closing it drops it. */
  confirmation = $state<Confirmation | null>(null);
  #ownErrors = $state<PathErrors>({});
  #onconfirm: () => void = () => {};
  readonly #op: () => Operation<unknown>;
  readonly #steps: FormSteps<T>;

  /** `op`: the request the form fills (a getter: a new payment's form follows its kind). */
  constructor(op: () => Operation<unknown>, steps: FormSteps<T>) {
    this.#op = op;
    this.#steps = steps;
  }

  get op(): Operation<unknown> {
    return this.#op();
  }

  /** The message at each field: the form's own check first, else main's answer to the last send. */
  errors = $derived<PathErrors>({ ...apiPathErrors(this.op.error), ...this.#ownErrors });

  /**
   * Reads `candidate` through `schema` and, when it passes, asks or sends. `typedOk` says the boxes
   * that parse as they are left (money) did; otherwise nothing goes and the cursor moves to the
   * first field in the wrong.
   */
  submit(schema: z.ZodMiniType<T>, candidate: unknown, typedOk = true): void {
    const result = new FormReader().check(schema, candidate);
    this.#ownErrors = result.ok ? {} : result.errors;
    if (!result.ok || !typedOk) return void focusFirstInvalid(this.element);
    const input = result.value;
    const confirmation = this.#steps.confirmation?.(input) ?? null;
    if (confirmation === null) {
      this.#steps.send(input);
      return;
    }
    this.confirmation = confirmation;
    this.#onconfirm = () => this.#steps.send(input);
  }

  /** The dialog's Confirm: sends what it asked about. */
  confirm(): void {
    this.#onconfirm();
  }
}

/** What OperationFrame uses of a form's OperationForm, whatever its input. */
export type FormOfOperation = Pick<OperationForm<unknown>, 'element' | 'confirmation' | 'op' | 'confirm'>;
