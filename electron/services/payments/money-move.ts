import { setTimeout as wait } from 'node:timers/promises';
import * as m from '@shared/i18n/paraglide/messages/_index.js';
import { BASE_LANGUAGE } from '@shared/i18n/languages';
import { because, englishOf, said, wordSaid, type Because, type Said } from '@shared/ipc/said';
import type { PaymentType } from '@shared/spin/enums';
import { toCents } from '@shared/spin/money';
import { FIGURES_DO_NOT_ADD_UP } from '@shared/spin/terminal-amounts';
import { AppFailure } from '../app-failure';
import type { Journal } from '../journal/journal';
import type { TerminalDeps } from '../terminal/terminal-call';
import { JournalWriteError } from '../journal/journal-errors';
import type { JournalEntry, JournalResult, MoneyOperation, NewOutcome, Recovery } from '../journal/records';
import type { TerminalTarget } from '../profiles/profile-service';
import { classifyAnswer, successResult, type AnswerClass } from '../recovery/answer-class';
import { outcomeOf } from '../recovery/outcome-of';
import { openBatchWitness, ourSettleSince, terminalBatchWitness } from '../recovery/batch-boundary';
import { resendBackoffMs, serviceWaitMs, type RecoveryPolicy } from '../recovery/policy';
import { checkBeforeResend } from '../recovery/busy-check';
import { recoverByStatus } from '../recovery/recover';
import type { RecoveryRegistry, Tracker } from '../recovery/recovery-registry';
import { RecoveryStopped } from '../recovery/recovery-stopped';
import { waitUnlessStopped } from '../recovery/wait-unless-stopped';
import { createSpinClient, type SpinRequest } from '../spin/spin-client';
import { SpinError, type GeneralResponseLike } from '../spin/spin-error';
import { keptAmounts, serviceText, type RecordLike } from '../spin/spin-record';
import { claimReference } from './reference-guard';

// The one path every money-moving request takes: journal the intent (fsync) -> send -> journal
// the outcome, or, when the answer is lost, recover it with Status. Busy answers that prove
// nothing was processed (2008, 2001, 1000; see recovery/answer-class.ts) are resent with the SAME
// ReferenceId after the advised wait, a capped number of times (1000: for as long as the terminal's
// busy window after an approval lasts, each time after a Status check); nothing else is ever resent.

/** 2007: the proxy stopped waiting for the terminal (docs/PROTOCOL.md §9.1). */
const PROXY_TIMEOUT = '2007';

/** 1000: the terminal itself is busy, as the live service is for 30-50 s after an approval (docs/PROTOCOL.md §9.6). */
const TERMINAL_BUSY = '1000';

/** What talking to a terminal needs, plus the journal and recovery every money move goes through. */
export interface MoneyMoveDeps extends TerminalDeps {
  journal: Journal;
  registry: RecoveryRegistry;
  policy: RecoveryPolicy;
}

export interface MoneyMove<N extends MoneyOperation> {
  op: N;
  profileId?: string | undefined;
  referenceId: string;
  paymentType?: PaymentType | undefined;
  /** Amount the request asks for, in cents (Void: the original's amount; Settle: 0). */
  amountCents: number;
  tipCents: number;
  invoiceNumber?: string | undefined;
  /** Capture only: the AuthCode of the Auth it completes (kept in the intent). */
  captures?: string | undefined;
  /** Settle only: a transaction of the batch being closed, read from the terminal (see reports/settle-probe.ts); else taken from the journal. */
  probe?: JournalEntry['intent']['probe'];
  /** The request body without credentials; built from the target (e.g. its MerchantNumber). */
  request: (target: TerminalTarget) => SpinRequest<N>;
  /** Settle only: what of the terminal's answer the journal keeps with the outcome, to print it again later. */
  settlementOf?: (answer: RecordLike) => NewOutcome['settlement'];
  /**
   * Settle only: what the journal keeps when the answer was lost and a lookup showed the batch
   * closed (the lookup's record is a transaction's, with no totals): reports/settle.ts.
   */
  settlementIfRecovered?: () => NewOutcome['settlement'];
}

/** How a money move ended (runMoneyMove, resumeMoneyMove): run-payment.ts and reports/settle.ts describe it. */
export interface MoneyMoveResult {
  /** The journal entry with its outcome. */
  entry: JournalEntry;
  /** The SPIn record behind the outcome (the answer, or what Status returned). */
  record?: RecordLike | undefined;
  /** A refusal that carried no SPIn body (connection refused, HTTP 4xx, invalid request): callers rethrow it. */
  error?: SpinError | undefined;
}

export async function runMoneyMove<N extends MoneyOperation>(deps: MoneyMoveDeps, move: MoneyMove<N>): Promise<MoneyMoveResult> {
  const target = await deps.profiles.target(move.profileId);
  // One request from this PC per terminal: a second is refused before anything is journaled or sent.
  const release = deps.activity?.claim(target, { operation: move.op, referenceId: move.referenceId });
  try {
    return await moveOn(deps, move, target);
  } finally {
    release?.();
  }
}

async function moveOn<N extends MoneyOperation>(deps: MoneyMoveDeps, move: MoneyMove<N>, target: TerminalTarget): Promise<MoneyMoveResult> {
  await journalReady(deps.journal, target.tpn);
  const client = createSpinClient(target, deps.clientOptions);
  const request = move.request(target);
  const sentAmountCents = tippedAmountOf(move, request);
  const deadlineMs = () => Date.now() + client.timeoutMs(move.op, request) + deps.policy.notFoundMarginMs;
  // The reference is held from its check until its intent is written (or that failed).
  const release = await claimReference(deps.journal, target.tpn, move.op, move.referenceId);
  let entry: JournalEntry;
  try {
    // Settle: the batch it closes; the rest: the batch they could land in (recovery/batch-boundary.ts).
    const witness =
      move.op === 'Settle' && move.probe
        ? move.probe
        : ((await openBatchWitness(deps.journal, target.tpn)) ?? (await readWitness(deps, move, target)));
    const probe = move.op === 'Settle' ? witness : undefined;
    const batch = move.op === 'Settle' ? undefined : witness;
    try {
      entry = await deps.journal.recordIntent({
        op: move.op,
        ref: move.referenceId,
        tpn: target.tpn,
        profileId: target.profileId,
        ...(move.paymentType ? { paymentType: move.paymentType } : {}),
        amountCents: move.amountCents,
        tipCents: move.tipCents,
        ...(move.invoiceNumber ? { invoiceNumber: move.invoiceNumber } : {}),
        ...(move.captures ? { captures: move.captures } : {}),
        ...(sentAmountCents !== undefined ? { sentAmountCents } : {}),
        ...(probe ? { probe } : {}),
        ...(batch ? { batch } : {}),
        deadlineMs: deadlineMs(),
      });
    } catch (error) {
      throw journalUnavailable(error);
    }
  } finally {
    release();
  }
  return deps.registry.track(entry, (tracker) =>
    sendAndFinish(deps, move, target, request, entry, tracker, deadlineMs).catch(unexpectedAfterSend(deps, entry)),
  );
}

/**
 * The guard after a send: an error that is no refusal the app knows (a bug, a shape no check
 * foresaw) must not leave the payment pending with nothing said and no lookup running (it did:
 * INTERNAL, History pending with 0 attempts until a restart). The journal keeps why, and the
 * cashier is told it may have gone through and to look it up (History's lookup, or the lookup at
 * the next start, takes it from there).
 */
function unexpectedAfterSend(deps: MoneyMoveDeps, entry: JournalEntry) {
  return async (error: unknown): Promise<never> => {
    if (error instanceof AppFailure || error instanceof SpinError || deps.journal.get(entry.intent.id)?.outcome) throw error;
    const failed = because(said('said_j_why_unexpected_after_send', { error: errorText(error) }));
    const { op: operation, ref: reference } = entry.intent;
    // Its Said goes into the line: the lookup below (resumeMoneyMove) reads it back from there.
    await deps.journal.recordUnknown(entry.intent.id, failed.why, failed.said).catch(() => undefined);
    // Its lookup starts once this run has left the registry (a lookup joins a running one, never
    // runs beside it); what it finds is recorded like any other lookup's, and shown in History.
    setTimeout(() => void resumeMoneyMove(deps, deps.journal.get(entry.intent.id) ?? entry).catch(() => undefined), 0);
    // The journal keeps why in English (above); the cashier reads it in the language of the answer.
    throw new AppFailure('OUTCOME_UNKNOWN', m.svc_unknown_after_send({ operation, reference, error: errorText(error) }));
  };
}

async function sendAndFinish<N extends MoneyOperation>(
  deps: MoneyMoveDeps,
  move: MoneyMove<N>,
  target: TerminalTarget,
  request: SpinRequest<N>,
  entry: JournalEntry,
  tracker: Tracker,
  deadlineMs: () => number,
): Promise<MoneyMoveResult> {
  // The user's Stop ends the wait for this answer too (the outcome is then unknown and looked up).
  const sender = createSpinClient(target, { ...deps.clientOptions, signal: tracker.signal });
  /** When the terminal first answered 1000 (busy): it is tried again until policy.terminalBusyMs from then. */
  let busySince: number | undefined;
  for (let attempt = 0; ; attempt += 1) {
    const sending = { operation: move.op, reference: move.referenceId };
    tracker.progress(
      'sending',
      attempt,
      attempt > 0 ? m.svc_progress_sending_try({ ...sending, attempt: attempt + 1 }) : m.svc_progress_sending(sending),
    );
    const sent = await sendOnce(sender, move.op, request);
    if ('response' in sent) {
      // The answer arrived: recorded from it, whatever its figures (finish()). Should recording
      // still fail unexpectedly, the payment goes to the lookup, never left pending with none running.
      try {
        return await finishAnswered(deps, entry, sent.response, move.settlementOf);
      } catch (error) {
        if (error instanceof AppFailure) throw error;
        const lost = because(said('said_j_why_not_recorded', { error: errorText(error) }));
        await deps.journal.recordUnknown(entry.intent.id, lost.why, lost.said);
        return recover(deps, target, entry, tracker, lost, { recovered: move.settlementIfRecovered });
      }
    }
    const { failure, answer } = sent;
    if (answer.kind === 'final') return finish(deps, entry, answer.result, failure && recordOf(failure));
    if (answer.kind === 'refused') return refuse(deps, entry, failure);
    const recovered = move.settlementIfRecovered;
    const lost = { why: answer.why, said: answer.said };
    if (answer.kind === 'duplicate') return recover(deps, target, entry, tracker, lost, { recovered });
    if (answer.kind === 'unknown') {
      await deps.journal.recordUnknown(entry.intent.id, answer.why, answer.said);
      const proxyGaveUp = failure?.statusCode === PROXY_TIMEOUT ? { at: Date.now() } : undefined;
      return recover(deps, target, entry, tracker, lost, { retryAfterSeconds: answer.retryAfterSeconds, proxyGaveUp, recovered });
    }
    const terminalBusy = answer.code === TERMINAL_BUSY;
    if (terminalBusy) busySince ??= Date.now();
    const busyWindowLeft = busySince !== undefined && terminalBusy && Date.now() - busySince < deps.policy.terminalBusyMs;
    if (attempt >= deps.policy.maxResends && !busyWindowLeft)
      return refuse(deps, entry, failure, aroundAnswer(said('said_refused_still_busy', { tries: attempt + 1, why: answer.said }), answer));
    const waitMs = resendWaitMs(deps.policy, answer, attempt);
    tracker.progress(
      // 2008 is another register on the terminal; 1000 and 2001 are the terminal itself.
      answer.code === '2008' ? 'busy-wait' : 'resend-wait',
      attempt + 1,
      terminalBusy
        ? m.svc_still_busy_reason({ reason: wordSaid(answer.said, answer.why) })
        : m.svc_progress_resend({ reason: wordSaid(answer.said, answer.why) }),
      Date.now() + waitMs,
      answer.code,
    );
    const stoppedWaiting = aroundAnswer(said('said_refused_stopped_waiting', { why: answer.said }), answer);
    try {
      await waitUnlessStopped(waitMs, tracker.signal);
    } catch {
      return refuse(deps, entry, failure, stoppedWaiting);
    }
    if (terminalBusy) {
      // A busy answer worded "Canceled": ask Status first, and take the terminal's record if it has one.
      tracker.progress('resend-wait', attempt + 1, m.svc_still_busy_checking());
      const found = await checkBeforeResend(sender, entry.intent);
      if (tracker.signal.aborted) return refuse(deps, entry, failure, stoppedWaiting);
      if (found) {
        const { statusCode, message, messageSaid } = found;
        const after = aroundAnswer(said('said_j_found_by_status_after', { why: answer.said }), answer);
        const recovery: Recovery = { how: 'status-lookup', reason: after.message, said: after.messageSaid };
        return finish(deps, entry, found.result, found.record, { statusCode, message, messageSaid, recovery });
      }
    }
    // A resend moves the deadline; one the journal cannot record is not sent.
    const recorded = await deps.journal.recordAttempt(entry.intent.id, attempt + 1, deadlineMs(), answer.why).then(
      () => true,
      (error: unknown) => (error instanceof JournalWriteError ? false : Promise.reject(error)),
    );
    if (!recorded) return refuse(deps, entry, failure, retryNotRecorded(deps.journal.health().error));
  }
}

/**
 * A stored line around a resend answer's reason, in English and as its Said. The reason's English
 * names the code's label (answer-class.ts), not its Said's words, and is kept as it always was.
 */
function aroundAnswer(words: Said, answer: Because): { message: string; messageSaid: Said } {
  return { message: englishOf(words, { why: answer.why }), messageSaid: words };
}

/** The refusal of a resend the journal could not record, in English for the journal and as its Said. */
function retryNotRecorded(error: JournalWriteError | undefined): { message: string; messageSaid?: Said } {
  const reason = error?.messageSaid;
  // The English quotes the error's message as it is: it has a Said only when spin-desk did not word its detail.
  const quoted = error?.message ?? 'disk error';
  return {
    message: m.said_j_retry_not_recorded({ reason: quoted }, { locale: BASE_LANGUAGE }),
    ...(reason ? { messageSaid: said('said_j_retry_not_recorded', { reason }) } : {}),
  };
}

/**
 * A request with no witness in the journal: one read from the terminal (its own reference's "not
 * found" naming the open batch, or the open batch's oldest transaction), so that a lost answer can still tell "not processed" from "settled since" (a Void or
 * TipAdjust as much as a Sale: a void read as not done and then refunded pays twice). Only this
 * read's own short deadline, never the payment's, bounds it (policy.witnessReadMs). A read
 * answered 429 is waited out (Retry-After, at most policy.busyMaxMs) before the request goes.
 */
async function readWitness(deps: MoneyMoveDeps, move: MoneyMove<MoneyOperation>, target: TerminalTarget) {
  // A Settle's lookup reads its own probe (reports/settle-probe.ts), never a witness.
  if (move.op === 'Settle') return undefined;
  const client = createSpinClient(target, { ...deps.clientOptions, signal: AbortSignal.timeout(deps.policy.witnessReadMs) });
  const read = await terminalBatchWitness(client, {
    ref: move.referenceId,
    paymentType: move.paymentType ?? 'Card',
    merchantNumber: target.merchantNumber,
  });
  if (read.retryAfterSeconds) await wait(Math.min(deps.policy.busyMaxMs, read.retryAfterSeconds * 1000));
  return read.witness;
}

/**
 * No payment without a durable intent: while the disk refuses writes (or an outcome of this
 * terminal is only in memory), new money moves are refused before anything is sent. A repair
 * and test write are tried first, so a disk with space again is used at once.
 */
async function journalReady(journal: Journal, tpn: string): Promise<void> {
  try {
    await journal.ensureWritable();
  } catch (error) {
    const waiting = journal.unsavedOn(tpn)[0];
    if (!waiting) throw journalUnavailable(error);
    const { op, ref } = waiting.intent;
    throw journalUnavailable(error, { operation: op, reference: ref });
  }
}

/** No intent could be written, so nothing was sent; `unsaved` names the result of this terminal still waiting for the disk. */
function journalUnavailable(error: unknown, unsaved?: { operation: string; reference: string }): AppFailure {
  if (!(error instanceof JournalWriteError)) return new AppFailure('INTERNAL', m.svc_journal_failed({ error: String(error) }));
  const reason = error.shownMessage();
  const message = unsaved ? m.svc_journal_unavailable_unsaved({ ...unsaved, reason }) : m.svc_journal_unavailable({ reason });
  return new AppFailure('JOURNAL_UNAVAILABLE', message, { remedy: error.remedy });
}

/** Looks up a pending entry (after a restart, or on request): Status only, never a resend. */
export async function resumeMoneyMove(
  deps: MoneyMoveDeps,
  entry: JournalEntry,
  { parked }: { parked?: (() => void) | undefined } = {},
): Promise<MoneyMoveResult> {
  const running = deps.registry.running(entry.intent.id);
  if (running) return running as Promise<MoneyMoveResult>;
  const target = await deps.profiles.target(entry.intent.profileId);
  // The reason's Said survives a restart in the unknown line the journal keeps (none in lines written
  // before it). Without an unknown line it was sent, and the app stopped before its answer was recorded.
  const lost: LostBecause =
    entry.unknownReason === undefined
      ? because(said('said_j_why_app_stopped'))
      : { why: entry.unknownReason, said: deps.journal.unknownSaid(entry.intent.id) };
  return deps.registry.track(entry, (tracker) => recover(deps, target, entry, tracker, lost, { parked }));
}

/** Why the answer was lost: the English the journal keeps, and its Said when this run knows it (a restart has only the English). */
type LostBecause = { why: string; said?: Said | undefined };

async function recover(
  deps: MoneyMoveDeps,
  target: TerminalTarget,
  entry: JournalEntry,
  tracker: Tracker,
  { why, said: reasonSaid }: LostBecause,
  {
    retryAfterSeconds,
    proxyGaveUp,
    recovered,
    parked,
  }: {
    parked?: (() => void) | undefined;
    retryAfterSeconds?: number | undefined;
    proxyGaveUp?: { at: number } | undefined;
    recovered?: MoneyMove<MoneyOperation>['settlementIfRecovered'];
  } = {},
): Promise<MoneyMoveResult> {
  // Lookups get their own client so that stopping aborts a Status in flight too; their requests
  // queue behind other lookups' to the same terminal.
  if (reasonSaid) tracker.lostBecause(reasonSaid);
  const lookups = deps.registry.oneAtATime(createSpinClient(target, { ...deps.clientOptions, signal: tracker.signal }));
  const firstWait = retryAfterSeconds ? { firstWaitMs: Math.min(deps.policy.busyMaxMs, retryAfterSeconds * 1000) } : {};
  const idleAt = () => deps.activity?.idleAt(target);
  const gaveUp = proxyGaveUp ? { proxyGaveUp: { at: proxyGaveUp.at, idleAt } } : {};
  const settledSince = async () => {
    const settle = await ourSettleSince(deps.journal, entry);
    return settle && said('said_settled_why_our_settle', { reference: settle.intent.ref, at: settle.intent.at });
  };
  try {
    const verdict = await recoverByStatus(
      { client: lookups, policy: deps.policy, tracker, settledSince, parked, ...firstWait, ...gaveUp },
      deps.journal.get(entry.intent.id) ?? entry,
    );
    const recovery: Recovery = { how: 'status-lookup', reason: why, ...(reasonSaid ? { said: reasonSaid } : {}) };
    const closed = verdict.result === 'approved' || verdict.result === 'partial';
    const settlement = closed ? recovered?.() : undefined;
    return finish(deps, entry, verdict.result, verdict.record, {
      statusCode: verdict.statusCode,
      message: verdict.message,
      ...(verdict.messageSaid ? { messageSaid: verdict.messageSaid } : {}),
      recovery,
      ...(settlement ? { settlement } : {}),
    });
  } catch (error) {
    if (!(error instanceof RecoveryStopped)) throw error;
    throw new AppFailure(
      'OUTCOME_UNKNOWN',
      m.svc_unknown_lookup_stopped({ operation: entry.intent.op, reference: entry.intent.ref, reason: wordSaid(reasonSaid, why) }),
    );
  }
}

type Answered = RecordLike & { GeneralResponse: GeneralResponseLike };

/** One send: the answer, or the failure and what it means (an error that is no SpinError: the answer is unknown). */
async function sendOnce<N extends MoneyOperation>(
  sender: ReturnType<typeof createSpinClient>,
  op: N,
  request: SpinRequest<N>,
): Promise<{ response: Answered } | { failure: SpinError | undefined; answer: AnswerClass }> {
  try {
    return { response: (await sender.call(op, request)) as Answered };
  } catch (error) {
    const failure = error instanceof SpinError ? error : undefined;
    const answer: AnswerClass = failure
      ? classifyAnswer(failure)
      : {
          kind: 'unknown',
          why: `an unexpected error happened while sending (${String(error)})`,
          said: said('said_why_unexpected_sending'),
        };
    return { failure, answer };
  }
}

/**
 * The terminal answered: its outcome is recorded from the answer. Reading a Settle's totals
 * (settlementOf) may meet something it cannot read; the outcome is still the answer's, kept without them.
 */
async function finishAnswered(
  deps: MoneyMoveDeps,
  entry: JournalEntry,
  response: Answered,
  settlementOf: MoneyMove<MoneyOperation>['settlementOf'],
): Promise<MoneyMoveResult> {
  let settlement: NewOutcome['settlement'];
  let unreadable: string | undefined;
  try {
    settlement = settlementOf?.(response);
  } catch (error) {
    unreadable = `its totals could not be read (${errorText(error)})`;
  }
  const message = unreadable && `${serviceText(response.GeneralResponse.Message) ?? 'Answered'}; ${unreadable}`;
  return finish(deps, entry, successResult(response.GeneralResponse), response, { ...(settlement ? { settlement } : {}), message });
}

/**
 * Records the outcome. An answer that arrived is always recorded: should reading it throw (a
 * bug, a shape no check foresaw), the outcome is kept with the answer's code and the terminal's
 * Amounts as sent, flagged, instead of the error leaving the payment pending with no lookup running.
 */
async function finish(
  deps: MoneyMoveDeps,
  entry: JournalEntry,
  result: JournalResult,
  record: RecordLike | undefined,
  extra: Parameters<typeof outcomeOf>[2] = {},
): Promise<MoneyMoveResult> {
  let outcome: NewOutcome;
  try {
    outcome = outcomeOf(result, record, extra);
  } catch (error) {
    const unread = said('said_j_answer_unread', { error: errorText(error) });
    const words =
      extra.message === undefined
        ? { message: englishOf(unread), messageSaid: unread }
        : { message: extra.message, ...(extra.messageSaid ? { messageSaid: extra.messageSaid } : {}) };
    outcome = {
      result,
      statusCode: extra.statusCode ?? record?.GeneralResponse?.StatusCode ?? '',
      ...words,
      figuresProblem: `${FIGURES_DO_NOT_ADD_UP}: the answer could not be read (${errorText(error)})`,
      terminalAmounts: keptAmounts(record?.Amounts),
      ...(extra.recovery ? { recovery: extra.recovery } : {}),
    };
  }
  const done = await deps.journal.recordOutcome(entry.intent.id, outcome);
  return { entry: done, record };
}

/** Nothing was processed. A SPIn answer is kept to show; a bare transport refusal is handed back. */
async function refuse(
  deps: MoneyMoveDeps,
  entry: JournalEntry,
  error: SpinError | undefined,
  words: { message: string; messageSaid?: Said } | undefined = undefined,
): Promise<MoneyMoveResult> {
  // A missing endpoint's 404 is no terminal answer, whatever its body carries: handed back as the
  // error, so the screen says which endpoint this service lacks (not-offered.ts).
  const record = error && !error.notOffered ? recordOf(error) : undefined;
  const result = await finish(deps, entry, 'refused', record, words ?? { message: record ? undefined : error?.message });
  return { ...result, ...(record || !error ? {} : { error }) };
}

/**
 * The Amount of a tipped Sale or Capture as it goes on the wire. Kept with the intent because
 * whether it carries the tip depends on the terminal's profile (tip-rules.ts), and a charge that
 * differs from what was meant is explained by how the terminal read it.
 */
function tippedAmountOf<N extends MoneyOperation>(move: MoneyMove<N>, request: SpinRequest<N>): number | undefined {
  if ((move.op !== 'Sale' && move.op !== 'Capture') || move.tipCents <= 0) return undefined;
  const amount = (request as { Amount?: unknown }).Amount;
  return typeof amount === 'number' ? toCents(amount) : undefined;
}

/** 2008: DelayBeforeNextRequest (or the default); 2001 and 1000 give none: 2, 4, 8, 8... s. */
function resendWaitMs(policy: RecoveryPolicy, answer: Extract<AnswerClass, { kind: 'resend' }>, attempt: number): number {
  if (answer.delaySeconds !== null) return serviceWaitMs(policy, answer.delaySeconds);
  return answer.code === '2008' ? policy.busyDefaultMs : resendBackoffMs(policy, attempt);
}

/** An unexpected error in words fit to keep and show: it may quote what the terminal sent, so card numbers are cut like any service text. */
function errorText(error: unknown): string {
  return serviceText(String(error)) ?? 'unknown error';
}

function recordOf(error: SpinError): RecordLike | undefined {
  if (!error.generalResponse) return undefined;
  return { ...((error.response as object | undefined) ?? {}), GeneralResponse: error.generalResponse } as RecordLike;
}
