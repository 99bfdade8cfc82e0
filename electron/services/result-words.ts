/**
 * A result card's explanation and remedy, kept as the catalogue's message functions and worded when
 * the result is answered, in the language main speaks then (a table of them is made once, at load).
 */
export interface ResultWords {
  explanation: () => string;
  remedy: () => string;
}

export function worded(words: ResultWords): { explanation: string; remedy: string } {
  return { explanation: words.explanation(), remedy: words.remedy() };
}
