// How the live proxy words a refused request (HTTP 400 / 2201). It lists every problem it found in
// one DetailedMessage, one sentence each: "The Amount field is required." for a missing field and
// "For PaymentType field required values are [Credit, ...]" for a closed list, missing or wrong
// (docs/PROTOCOL.md §6.3). Rules no live record words keep the shared schema's field-and-rule text.
import type { z } from 'zod';
import { formatIssues } from '@shared/spin/validation';

/** The live Cart sentence for a missing or empty Amounts list (docs/PROTOCOL.md §4.12). */
export const CART_AMOUNTS_REQUIRED = 'List of Amounts required in Cart and it must contain at least one Amount';

/** Paths (dotted) of fields with a closed list of values, and that list. */
function closedLists(error: z.ZodError): Map<string, readonly string[]> {
  const lists = new Map<string, readonly string[]>();
  for (const issue of error.issues) {
    if (issue.code === 'invalid_value') lists.set(issue.path.map(String).join('.'), issue.values.map(String));
  }
  return lists;
}

const sentence = (text: string) => (/[.\]]$/.test(text) ? text : `${text}.`);

/**
 * One live-worded sentence per problem the shared schema found: missing fields first, then the rest
 * in the schema's order, as the recorded Void refusal reads ("The Amount field is required. For
 * PaymentType field required values are [...]").
 */
export function schemaProblems(error: z.ZodError): string[] {
  const sentences = liveSentences(error);
  return [...sentences.filter(isMissingField), ...sentences.filter((text) => !isMissingField(text))];
}

const isMissingField = (text: string) => /^The \S+ field is required\.$/.test(text);

function liveSentences(error: z.ZodError): string[] {
  const lists = closedLists(error);
  return formatIssues(error).map(({ path, message }) => {
    const values = lists.get(path);
    if (values) return `For ${path} field required values are [${values.join(', ')}]`;
    if (path === 'Cart.Amounts' && message === 'is required') return `${CART_AMOUNTS_REQUIRED}.`;
    if (message === 'is required') return `The ${path} field is required.`;
    return sentence(`${path || 'Body'} ${message}`);
  });
}
