import type { Snippet } from 'svelte';

/** What a table of one kind of the batch check's findings takes, on screen and on paper. */
export interface FindingProps<T extends { referenceId: string }> {
  /** The table's caption on screen, its heading on paper. */
  title: string;
  /** The findings of this kind, each led by its reference ('—' when it has none); nothing is shown when there are none. */
  items: readonly T[];
  /** The header cells after Reference. */
  columns: Snippet;
  /** A finding's cells after its reference. */
  cells: Snippet<[T]>;
}
