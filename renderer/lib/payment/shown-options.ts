/**
 * Choices whose label is read each time it is shown (a getter calling its message), so a language
 * switch renames them in place while callers keep a plain list of { value, label }.
 */
export function optionsShownInLanguage<T extends string>(
  choices: readonly (readonly [value: T, label: () => string])[],
): readonly { readonly value: T; readonly label: string }[] {
  return choices.map(([value, label]) => ({
    value,
    get label() {
      return label();
    },
  }));
}
