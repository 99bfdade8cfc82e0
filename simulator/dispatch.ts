// The proxy's pipeline for one SPIn request, in the documented order of checks:
// schema widened by the fields live services accept (accepted-fields.ts) and the live proxy's extra
// rules (HTTP 400 / 2201, every problem at once; what only the terminal checks goes on and is
// answered 1013 after the busy checks, terminal-rules.ts) -> Tpn (2003) -> Authkey (2002) ->
// online (2001) -> busy (2008) -> the busy window after an approval (1000, busy-window.ts) -> scenario -> terminal work with SPInProxyTimeout (2007). Path and JSON are checked before, in
// server.ts. Everything after the schema check is HTTP 200.
import type { z } from 'zod';
import { endpoints, type EndpointName } from '@shared/spin';
import { checkRequest, DEFAULT_UNKNOWN_FIELD_POLICY, proxyRequestSchema, type UnknownFieldPolicy } from './accepted-fields';
import { BusyWindow } from './busy-window';
import { handlers, type HandlerContext, type TerminalEndpoint } from './handlers';
import { paymentFailure } from './handlers/context';
import { DEFAULT_PROPERTY_NAME_MODE, withDocumentedCase, type PropertyNameMode } from './property-names';
import { proxyRuleViolations } from './proxy-rules';
import { schemaProblems } from './proxy-wording';
import { RecordAnswers } from './record-answers';
import { ASPNET_ERROR, bare, busy, invalidRequest, ok, type AspNetErrorWire, type TerminalStatusWire, type WireBody } from './replies';
import { decideIntent, NEW_PAYMENTS, type Intent } from './scenarios';
import type { SimulatorState } from './state';
import type { Terminal } from './terminal';
import { AMOUNT_PAYMENTS, proxyOnlyIssues, terminalRefusal } from './terminal-rules';
import { WorkRunner } from './work';

export interface SpinReply {
  status: number;
  /** TerminalStatus (docs/PROTOCOL.md §4.20) and the HTTP 500 of a malformed nested object answer without a GeneralResponse. */
  body: WireBody | TerminalStatusWire | AspNetErrorWire;
}

interface Addressed extends Record<string, unknown> {
  Tpn: string;
  Authkey: string;
  SPInProxyTimeout?: number | null;
}

type AnyHandler = (ctx: HandlerContext, request: unknown) => WireBody;

const answer = (body: WireBody | TerminalStatusWire): SpinReply => ({ status: 200, body });
const refused = (problems: readonly string[]): SpinReply => ({ status: 400, body: invalidRequest(problems) });

/** The value at a path of the body as sent; undefined where the path leads nowhere. */
function valueAt(body: unknown, path: readonly PropertyKey[]): unknown {
  let value = body;
  for (const step of path) value = typeof value === 'object' && value !== null ? (value as Record<PropertyKey, unknown>)[step] : undefined;
  return value;
}

/**
 * A field that must hold an object (CallbackInfo, Cart, CustomFields...) holds text, a number or a
 * list. A missing or null one is an ordinary 2201.
 */
const malformedNested = (error: z.ZodError, body: unknown) =>
  error.issues.some(
    (issue) =>
      issue.code === 'invalid_type' &&
      (issue.expected === 'object' || issue.expected === 'record') &&
      issue.path.length > 0 &&
      valueAt(body, issue.path) != null,
  );

/** Status reads the record as it is: nothing forced, nothing queued is consumed. */
const PLAIN_READ: Intent = { kind: 'terminal', override: { kind: 'none' }, answer: null };

/** What an abort does to the running request: a cancel at the terminal (1012), as a customer's cancel is recorded. */
const CANCELED: Intent = { kind: 'terminal', override: { kind: 'code', code: '1012' }, answer: { kind: 'cancel' } };

/** Handlers that record a cancel themselves (payments keep it for Status, prompts answer it); the rest get a bare 1012. */
const CANCEL_AWARE: ReadonlySet<EndpointName> = new Set<EndpointName>([
  ...NEW_PAYMENTS,
  'Void',
  'TipAdjust',
  'UserInput',
  'UserChoice',
  'SelectInvoice',
  'GetCard',
]);

/** AbortTransaction when nothing (or another reference) is running: the catalogue's 2301 (simulator README, decision 19). */
const nothingRunning = (detail: string) => bare('2301', detail);

export class Dispatcher {
  private readonly answers: RecordAnswers;

  constructor(
    private readonly state: SimulatorState,
    private readonly runner: WorkRunner,
    private readonly processingDelayMs: number,
    /** How long the service stays busy after an approval: configuration, set through the control API. */
    readonly busyWindow: BusyWindow = new BusyWindow(),
    /** What the proxy does with a field neither the docs nor live records list (accepted-fields.ts). */
    readonly unknownFields: UnknownFieldPolicy = DEFAULT_UNKNOWN_FIELD_POLICY,
    /** Whether a property name in another case is read as the documented one (property-names.ts). */
    readonly propertyNames: PropertyNameMode = DEFAULT_PROPERTY_NAME_MODE,
  ) {
    this.answers = new RecordAnswers(state);
  }

  /** The reply, at once unless the terminal takes time (think time, a held request). */
  handle(name: EndpointName, sent: unknown): SpinReply | Promise<SpinReply> {
    const body = this.propertyNames === 'any-case' ? withDocumentedCase(proxyRequestSchema(name), sent) : sent;
    let request: Addressed;
    /** Set when only the terminal objects to the request (terminal-rules.ts): it answers 1013 once it has it. */
    let terminalSays: string | null = null;
    const checked = checkRequest(name, body, this.unknownFields);
    if (checked.ok) request = checked.request as Addressed;
    else {
      // The live service failed to read such a body at all: HTTP 500, before any other check.
      if (malformedNested(checked.error, checked.body)) return { status: 500, body: ASPNET_ERROR };
      terminalSays = terminalRefusal(name, checked.body, checked.error);
      // Every problem at once, the schema's and the Cart rules', as the live proxy lists them.
      if (terminalSays === null) {
        const problems = schemaProblems(proxyOnlyIssues(name, checked.body, checked.error));
        return refused([...problems, ...proxyRuleViolations(checked.body)]);
      }
      request = checked.body as Addressed;
    }
    const violations = proxyRuleViolations(request);
    if (violations.length > 0) return refused(violations);
    if (name === 'TerminalStatus') return answer(this.terminalStatus(request));
    const terminal = this.state.terminals.get(request.Tpn);
    if (!terminal) return answer(bare('2003', `No terminal with TPN ${request.Tpn} is registered`));
    if (request.Authkey !== terminal.authkey) return answer(bare('2002', `Authkey does not match TPN ${request.Tpn}`));
    if (!terminal.online) return answer(bare('2001', `Terminal ${request.Tpn} is offline`));
    // An abort reaches a busy terminal: ending what it is busy with is its whole point.
    if (name === 'AbortTransaction') return answer(this.abort(terminal, request));
    if (terminal.inUseUntil !== null && Date.now() < terminal.inUseUntil) {
      return answer(busy((terminal.inUseUntil - Date.now()) / 1000));
    }
    // Status is answered from the proxy's record, even while the terminal is busy (docs/PROTOCOL.md §9.4):
    // it is how a client recovers after a timeout, so it must never be refused with 2008.
    if (name === 'Status') return answer(this.perform(terminal, name, request, PLAIN_READ));
    if (terminal.busy) return answer(busy(WorkRunner.remainingSeconds(terminal.busy)));
    const stillBusy = this.busyWindow.refusal(terminal, name);
    if (stillBusy) return answer(stillBusy);
    if (terminalSays !== null) return answer(this.badRequest(terminal, name, request, terminalSays));

    const intent = decideIntent(terminal, name, request, this.state.tipModeFor(terminal.tpn));
    this.state.changed(); // the intent may have consumed a queued answer or outcome
    if (intent.kind === 'proxy') return answer(intent.body);
    const timeoutSeconds = request.SPInProxyTimeout ?? endpoints[name].defaultProxyTimeout;
    const terminalName = name as TerminalEndpoint;
    const reply = this.runner.run(terminal, {
      delayMs: intent.kind === 'hold' ? null : this.processingDelayMs,
      timeoutMs: timeoutSeconds * 1000,
      work: () => this.busyWindow.after(terminal, name, this.perform(terminal, terminalName, request, intent)),
      referenceId: typeof request.ReferenceId === 'string' ? request.ReferenceId : null,
      cancel: () =>
        CANCEL_AWARE.has(name) ? this.perform(terminal, terminalName, request, CANCELED) : bare('1012', 'Canceled by AbortTransaction'),
      abortLoses: intent.kind === 'hold' && intent.abortLoses === true,
    });
    return reply instanceof Promise ? reply.then(answer) : answer(reply);
  }

  /**
   * TerminalStatus is answered by the proxy from what it knows of the connection, at once, even
   * while the terminal works on a request: Online, Offline (the control API's switch), NotFound
   * for a Tpn it does not serve. A wrong key gets what every endpoint gets (2002).
   */
  private terminalStatus(request: Addressed): WireBody | TerminalStatusWire {
    const terminal = this.state.terminals.get(request.Tpn);
    if (!terminal)
      return { TerminalStatus: 'NotFound', Tpn: request.Tpn, ErrorDescription: `No terminal with TPN ${request.Tpn} is registered` };
    if (request.Authkey !== terminal.authkey) {
      return {
        ...bare('2002', `Authkey does not match TPN ${request.Tpn}`),
        Tpn: request.Tpn,
        ErrorDescription: 'Active authKey not found',
      };
    }
    return { TerminalStatus: terminal.online ? 'Online' : 'Offline', Tpn: request.Tpn, ErrorDescription: '' };
  }

  /** The terminal's 1013 for a request it cannot carry out; a payment's is shaped like its refused record. */
  private badRequest(terminal: Terminal, name: EndpointName, request: Addressed, detail: string): WireBody {
    return AMOUNT_PAYMENTS.has(name)
      ? paymentFailure(terminal, request as Parameters<typeof paymentFailure>[1], name, '1013', detail)
      : bare('1013', detail);
  }

  /** Ends the request the terminal is working on (it answers 1012 at once), or says nothing is running (2301). */
  private abort(terminal: Terminal, request: Addressed): WireBody {
    const running = terminal.busy;
    if (!running) return nothingRunning(`Terminal ${terminal.tpn} is not processing a request`);
    const named = typeof request.ReferenceId === 'string' ? request.ReferenceId : null;
    if (named !== null && running.referenceId !== null && named.toLowerCase() !== running.referenceId.toLowerCase()) {
      return nothingRunning(`Terminal ${terminal.tpn} is not processing ReferenceId ${named}`);
    }
    const canceled = running.abort();
    this.state.changed();
    // Lost the race: the customer finished first, so by the time the abort arrived nothing was running.
    return canceled ? ok('Transaction aborted') : nothingRunning(`Terminal ${terminal.tpn} finished the request before the abort arrived`);
  }

  private perform(terminal: Terminal, name: TerminalEndpoint, request: Addressed, intent: Intent): WireBody {
    const ctx: HandlerContext = {
      terminal,
      override: intent.kind === 'terminal' ? intent.override : { kind: 'none' },
      answer: intent.kind === 'terminal' ? intent.answer : null,
      now: new Date(),
      tipMode: this.state.tipModeFor(terminal.tpn),
      feeProgram: this.state.feeProgramFor(terminal.tpn),
      answers: this.answers,
    };
    return (handlers[name] as AnyHandler)(ctx, request);
  }
}
