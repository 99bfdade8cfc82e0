// Requests the proxy forwards although the shared schema refuses them, because the terminal is
// the one that checks: the error table gives 1013 for a UserInput without a Type, a UserChoice
// with no options, a payment with no amount and a TipAdjust without a tip (docs/PROTOCOL.md §4.6,
// §4.17, §4.18, §8.3). The app's own schema refuses them before sending, which is right for the
// app; the simulator answers what the live service does with them, so a client meets the 1013.
import { z } from 'zod';
import type { EndpointName } from '@shared/spin';

/** Payments whose refusal is shaped like a record (handlers/context.ts paymentFailure). */
export const AMOUNT_PAYMENTS: ReadonlySet<EndpointName> = new Set<EndpointName>(['Sale', 'Auth', 'Capture', 'Return', 'Void', 'TipAdjust']);

type Issue = z.core.$ZodIssue;
type Body = Record<string, unknown>;

interface TerminalCheck {
  applies: (name: EndpointName) => boolean;
  /** The issue is this check's, judged by its field and the value the client sent. */
  matches: (issue: Issue, body: Body) => boolean;
  detail: string;
}

const at = (issue: Issue, field: string) => issue.path.length === 1 && issue.path[0] === field;

const CHECKS: readonly TerminalCheck[] = [
  {
    applies: (name) => name === 'UserInput',
    matches: (issue, body) => at(issue, 'Type') && body.Type === undefined,
    detail: 'UserInput needs a Type (Number, Letters, NumberAndLetters, Currency or InfoOnly)',
  },
  {
    applies: (name) => name === 'UserChoice',
    matches: (issue, body) => at(issue, 'ChoiceOptions') && Array.isArray(body.ChoiceOptions) && body.ChoiceOptions.length === 0,
    detail: 'UserChoice needs at least one option in ChoiceOptions',
  },
  {
    applies: (name) => AMOUNT_PAYMENTS.has(name),
    matches: (issue, body) => at(issue, 'Amount') && body.Amount === 0,
    detail: 'Amount must be greater than 0',
  },
  {
    applies: (name) => name === 'TipAdjust',
    matches: (issue, body) => at(issue, 'TipAmount') && (body.TipAmount === undefined || body.TipAmount === null),
    detail: 'TipAdjust needs a TipAmount',
  },
];

const terminalChecks = (name: EndpointName, issue: Issue, body: unknown) =>
  typeof body === 'object' && body !== null && CHECKS.some((c) => c.applies(name) && c.matches(issue, body as Body));

/**
 * The schema's problems without the ones the terminal checks: a request the proxy refuses for
 * another reason is refused in words that do not name them (a UserInput without Type is the
 * terminal's 1013, so the proxy's 2201 never lists Type's values).
 */
export function proxyOnlyIssues(name: EndpointName, body: unknown, error: z.ZodError): z.ZodError {
  return new z.ZodError(error.issues.filter((issue) => !terminalChecks(name, issue, body)));
}

/**
 * The terminal's 1013 detail when every problem the schema found is one the terminal checks (and
 * the body is an object), else null: then the proxy refuses the request itself (400 / 2201).
 */
export function terminalRefusal(name: EndpointName, body: unknown, error: z.ZodError): string | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const details = new Set<string>();
  for (const issue of error.issues) {
    const check = CHECKS.find((c) => c.applies(name) && c.matches(issue, body as Body));
    if (!check) return null;
    details.add(check.detail);
  }
  return details.size > 0 ? [...details].join('; ') : null;
}
