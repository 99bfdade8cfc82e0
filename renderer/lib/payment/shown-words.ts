// Words read each time they are shown (a getter calling its message), so a language switch renames
// them in place while callers keep reading plain strings. A getter is not spread: `{ ...words }`
// would freeze the words of the moment.

/** Choices for a select or radio group: a plain list of { value, label }. */
export function optionsShownInLanguage<T extends string>(
  choices: readonly (readonly [value: T, label: () => string])[],
): readonly { readonly value: T; readonly label: string }[] {
  return choices.map(([value, label]) => withWordsShown({ label }, { value }));
}

/** `rest` with a getter for each of `words` ({ what: m.pay_what_sale } -> rest.what, in the language shown). */
export function withWordsShown<K extends string, T extends object>(
  words: Record<K, () => string>,
  rest: T,
): T & Readonly<Record<K, string>> {
  const getters = Object.entries<() => string>(words).map(([key, word]) => [key, { get: () => word(), enumerable: true }]);
  return Object.defineProperties(rest, Object.fromEntries(getters)) as T & Readonly<Record<K, string>>;
}
