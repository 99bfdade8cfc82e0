import type { HTMLInputAttributes } from 'svelte/elements';

/**
 * One box of a form, written as data so a form lists its boxes once and FormFields draws them
 * (label, hint, error, the binding to the draft) the same way every time.
 */
export interface FieldSpec extends Omit<HTMLInputAttributes, 'id' | 'value' | 'hidden'> {
  /** The property of the draft this box edits; it holds text (money too: the form reads it to cents). */
  key: string;
  /** The control's id (after FormFields' idPrefix). */
  id: string;
  label: string;
  hint?: string | undefined;
  optional?: boolean;
  /** Where the box's message sits in the form's errors when not under `key` (money read to cents: "totalCents"). */
  errorKey?: string;
  /**
   * An amount (MoneyInput). "unsigned"/"signed" keep the text in the draft (the form reads it to
   * cents; "signed" allows a leading minus, a discount line); "cents" keeps integer cents (null when
   * empty) and is read on submit through FormFields' commit().
   */
  money?: 'unsigned' | 'signed' | 'cents';
  /** A money box whose amount must be above zero (MoneyInput's `positive`). */
  positive?: boolean;
  /** A drop-down of these choices instead of a text box. */
  options?: readonly { value: string; label: string }[];
}

/** Whether one of these boxes has a message (under `errorPrefix`): a fold holding it must open. */
export function hasFieldError(specs: readonly FieldSpec[], errors: Partial<Record<string, string>>, errorPrefix = ''): boolean {
  return specs.some((spec) => Boolean(errors[errorPrefix + (spec.errorKey ?? spec.key)]));
}

/** A count typed with the number pad (seconds, characters). */
export const COUNT = { inputmode: 'numeric' } as const satisfies Partial<FieldSpec>;

/** A quantity or rate with a decimal point; the browser suggests no past entries. */
export const DECIMAL = { inputmode: 'decimal', autocomplete: 'off' } as const satisfies Partial<FieldSpec>;

/** A list of rows of boxes, each row drawn from the same specs (FormList): invoices, payments, lines. */
export interface RowsSpec<R> {
  /** The rows' path in the contract ("goods"): the list's own message, and each row's ("goods.0.name"). */
  path: string;
  /** The start of each row's ids: "<id>-<row>-<spec id>". */
  id: string;
  legend: string;
  /** "Line": rows are numbered after it, and it names the add and remove buttons. */
  rowLabel: string;
  newRow: () => R;
  max: number;
  /** A note above the rows. */
  hint?: string | undefined;
  /** The row's columns (CSS grid-template-columns) when the default would wrap a label. */
  columns?: string;
  /** The boxes of row `i`, counted from 0. */
  fields: (i: number) => readonly FieldSpec[];
}
