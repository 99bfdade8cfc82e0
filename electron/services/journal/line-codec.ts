import { MONEY_OPERATIONS, RESULTS, type JournalLine } from './records';

// One journal line <-> one record. Checked by hand rather than with zod: loading runs over every
// line of the open segment on start, and a hand check is several times cheaper per line.

export type Decoded = { ok: true; line: JournalLine } | { ok: false; error: string };

const OPERATIONS: ReadonlySet<string> = new Set(MONEY_OPERATIONS);
const RESULT_SET: ReadonlySet<string> = new Set(RESULTS);

export function encodeLine(line: JournalLine): string {
  return `${JSON.stringify(line)}\n`;
}

type Obj = Record<string, unknown>;

/** Each check returns the rule a field breaks, or null. */
const isText = (v: unknown) => typeof v === 'string' && v.length > 0;
const isTime = (v: unknown) => typeof v === 'string' && !Number.isNaN(Date.parse(v));
const isCents = (v: unknown) => Number.isSafeInteger(v);

function need(o: Obj, field: string, ok: (v: unknown) => boolean, rule: string): string | null {
  return ok(o[field]) ? null : `${field} ${rule}`;
}

function optional(o: Obj, field: string, ok: (v: unknown) => boolean, rule: string): string | null {
  return o[field] === undefined ? null : need(o, field, ok, rule);
}

function firstProblem(checks: (string | null)[]): string | null {
  return checks.find((c) => c !== null) ?? null;
}

const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A flagged answer's Amounts as the terminal sent them (records.ts, terminalAmounts). */
const isRawAmounts = (v: unknown) =>
  isObject(v) && Object.values(v).every((value) => value === null || typeof value === 'string' || typeof value === 'number');

const isWitness = (v: unknown) =>
  isObject(v) && isText(v.ref) && isText(v.paymentType) && typeof v.batchNumber === 'string' && (v.ownReference ?? true) === true;

function intentProblem(o: Obj): string | null {
  return firstProblem([
    need(o, 'op', (v) => typeof v === 'string' && OPERATIONS.has(v), `must be one of ${MONEY_OPERATIONS.join(', ')}`),
    need(o, 'ref', isText, 'must be non-empty text'),
    need(o, 'tpn', isText, 'must be non-empty text'),
    need(o, 'profileId', isText, 'must be non-empty text'),
    optional(o, 'paymentType', isText, 'must be non-empty text'),
    need(o, 'amountCents', isCents, 'must be a whole number of cents'),
    need(o, 'tipCents', isCents, 'must be a whole number of cents'),
    need(o, 'deadlineAt', isTime, 'must be an ISO time'),
    optional(o, 'sentAmountCents', isCents, 'must be a whole number of cents'),
    optional(o, 'captures', isText, 'must be non-empty text'),
    optional(o, 'probe', isWitness, 'must name ref, paymentType and batchNumber'),
    optional(o, 'batch', isWitness, 'must name ref, paymentType and batchNumber'),
  ]);
}

/** The terminal's amounts an outcome may keep (all optional: older lines have approvedCents at most). */
const OUTCOME_CENTS = ['approvedCents', 'totalCents', 'answeredTipCents', 'feeCents', 'taxCents'] as const;

function outcomeProblem(o: Obj): string | null {
  return firstProblem([
    need(o, 'result', (v) => typeof v === 'string' && RESULT_SET.has(v), `must be one of ${RESULTS.join(', ')}`),
    need(o, 'statusCode', (v) => typeof v === 'string', 'must be text'),
    need(o, 'message', (v) => typeof v === 'string', 'must be text'),
    ...OUTCOME_CENTS.map((field) => optional(o, field, isCents, 'must be a whole number of cents')),
    optional(o, 'figuresProblem', isText, 'must be non-empty text'),
    optional(o, 'terminalAmounts', isRawAmounts, 'must be an object of numbers, text or null'),
    optional(
      o,
      'card',
      (v) => isObject(v) && typeof v.last4 === 'string' && v.last4.length <= 4 && typeof v.first4 === 'string' && v.first4.length <= 4,
      'must hold at most first 4 and last 4 digits',
    ),
    optional(
      o,
      'recovery',
      (v) => isObject(v) && (v.how === 'status-lookup' || v.how === 'terminal-batch') && typeof v.reason === 'string',
      "must be { how: 'status-lookup' or 'terminal-batch', reason }",
    ),
    optional(o, 'settlement', (v) => isObject(v) && Array.isArray(v.details), 'must be { details: [...] }'),
  ]);
}

function typeProblem(o: Obj): string | null {
  switch (o.t) {
    case 'intent':
      return intentProblem(o);
    case 'attempt':
      return firstProblem([need(o, 'attempt', isCents, 'must be a whole number'), need(o, 'deadlineAt', isTime, 'must be an ISO time')]);
    case 'unknown':
      return need(o, 'reason', (v) => typeof v === 'string', 'must be text');
    case 'outcome':
      return outcomeProblem(o);
    default:
      return 't must be one of intent, attempt, unknown, outcome';
  }
}

/** Parses and checks one line (without its newline); the error names the field and the rule. */
export function decodeLine(text: string): Decoded {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: 'is not valid JSON' };
  }
  if (!isObject(value)) return { ok: false, error: 'is not a JSON object' };
  const problem =
    firstProblem([need(value, 'id', isText, 'must be non-empty text'), need(value, 'at', isTime, 'must be an ISO time')]) ??
    typeProblem(value);
  return problem === null ? { ok: true, line: value as unknown as JournalLine } : { ok: false, error: problem };
}
