// What happens to a request once the proxy has accepted it: answered by the proxy itself, held
// because the terminal never answers, or handed to the terminal with an outcome forced by a
// magic amount or by the control API's queues. Queued outcomes win over magic amounts.
import { toCents, type EndpointName } from '@shared/spin';
import type { QueuedAnswer, QueuedOutcome } from './model';
import { bare, busy, type WireBody } from './replies';
import type { Terminal } from './terminal';
import { DEFAULT_TIP_MODE, type TipMode } from './tip-mode';

/** Forced terminal outcome; business rules (duplicates, unknown targets) still apply to approvals. */
export type Override = { kind: 'none' } | { kind: 'approve' } | { kind: 'partial' } | { kind: 'code'; code: string };

export type Intent =
  | { kind: 'proxy'; body: WireBody }
  /** The terminal never answers; with abortLoses the customer completes it the moment an abort arrives. */
  | { kind: 'hold'; abortLoses?: boolean }
  | { kind: 'terminal'; override: Override; answer: QueuedAnswer | null };

/** Requests that create a payment record; they consume queued payment outcomes. */
export const NEW_PAYMENTS: ReadonlySet<EndpointName> = new Set<EndpointName>(['Sale', 'Auth', 'Capture', 'Return']);

/** Requests whose Amount selects a scenario (docs/PROTOCOL.md §10 magic amounts). */
const AMOUNT_SCENARIOS: ReadonlySet<EndpointName> = new Set<EndpointName>([...NEW_PAYMENTS, 'Void', 'TipAdjust']);

/** Which queued answer kind each prompt consumes (cancel and noAnswer fit them all). */
const PROMPT_ANSWER: Partial<Record<EndpointName, QueuedAnswer['kind']>> = {
  UserInput: 'text',
  UserChoice: 'option',
  SelectInvoice: 'invoice',
  GetCard: 'card',
  // The customer signs or not: only a queued cancel or noAnswer applies.
  GetSignature: 'cancel',
};

export const PARTIAL_SCENARIO = { amountCents: 5000, tipCents: 200 } as const;
export const BUSY_SCENARIO_SECONDS = 5;

const NONE: Intent = { kind: 'terminal', override: { kind: 'none' }, answer: null };

/**
 * 10.NN -> terminal code 10NN (NN 01-24); 20.NN -> proxy code 20NN (NN 01-11), both on the request's
 * Amount; a 50.00 sale with a 2.00 tip -> partial. The partial case is the sale's amount before the
 * tip, as the terminal reads it in its tip mode (Amount less TipAmount when Amount includes the tip),
 * so a cashier's "50.00, tip 2.00" reaches it whichever way the app sends the tip.
 */
export function amountScenario(amountCents: number, tipCents: number, tipMode: TipMode = DEFAULT_TIP_MODE): Intent | null {
  if (amountCents >= 1001 && amountCents <= 1024) {
    return { kind: 'terminal', override: { kind: 'code', code: String(amountCents) }, answer: null };
  }
  if (amountCents >= 2001 && amountCents <= 2011) return proxyCode(String(amountCents), BUSY_SCENARIO_SECONDS);
  const baseCents = tipMode === 'on-top' ? amountCents : amountCents - tipCents;
  if (baseCents === PARTIAL_SCENARIO.amountCents && tipCents === PARTIAL_SCENARIO.tipCents) {
    return { kind: 'terminal', override: { kind: 'partial' }, answer: null };
  }
  return null;
}

function proxyCode(code: string, busySeconds: number): Intent {
  if (code === '2007') return { kind: 'hold' };
  if (code === '2008') return { kind: 'proxy', body: busy(busySeconds) };
  return { kind: 'proxy', body: bare(code) };
}

function outcomeIntent(outcome: QueuedOutcome): Intent {
  switch (outcome.kind) {
    case 'approve':
    case 'partial':
      return { kind: 'terminal', override: { kind: outcome.kind }, answer: null };
    case 'decline':
      return { kind: 'terminal', override: { kind: 'code', code: '1015' }, answer: null };
    case 'cancel':
      return { kind: 'terminal', override: { kind: 'code', code: '1012' }, answer: null };
    case 'busy':
      return proxyCode('2008', outcome.seconds);
    case 'offline':
      return proxyCode('2001', 0);
    case 'noAnswer':
      return { kind: 'hold' };
    case 'approveOnAbort':
      return { kind: 'hold', abortLoses: true };
  }
}

function centsOf(value: unknown): number {
  return typeof value === 'number' ? toCents(value) : 0;
}

/** Decides, and consumes the queued answer or outcome it uses. Call only for accepted requests. */
export function decideIntent(
  terminal: Terminal,
  name: EndpointName,
  request: Record<string, unknown>,
  tipMode: TipMode = DEFAULT_TIP_MODE,
): Intent {
  const answerKind = PROMPT_ANSWER[name];
  if (answerKind !== undefined) {
    const answer = terminal.takeAnswer((a) => a.kind === answerKind);
    return answer?.kind === 'noAnswer' ? { kind: 'hold' } : { kind: 'terminal', override: { kind: 'none' }, answer };
  }
  if (NEW_PAYMENTS.has(name)) {
    const outcome = terminal.takeOutcome();
    if (outcome) return outcomeIntent(outcome);
  }
  if (AMOUNT_SCENARIOS.has(name) && typeof request.Amount === 'number') {
    return amountScenario(centsOf(request.Amount), centsOf(request.TipAmount), tipMode) ?? NONE;
  }
  return NONE;
}
