// SimulatorControl: the test and demo hooks, callable in-process (the app's demo terminal) and,
// in the full simulator, over HTTP under /_sim/ (control-http.ts). Inputs are validated with the
// same schemas either way. The real-world mode adds its own two (real-world/front.ts).
import type { z } from 'zod';
import { describeIssues, ruleMessage, toCents } from '@shared/spin';
import {
  globalFeeProgramBodySchema,
  globalTipModeBodySchema,
  inUseBodySchema,
  offlineTransactionSchema,
  terminalFeeProgramBodySchema,
  terminalTipModeBodySchema,
  type OfflineTransactionInput,
} from './control-schemas';
import type { FeeProgram, FeeProgramInput } from './fee-program';
import {
  customerAnswerSchema,
  paymentOutcomeSchema,
  type CustomerAnswer,
  type PaymentOutcome,
  type QueuedAnswer,
  type QueuedOutcome,
  type Settlement,
} from './model';
import { busyWindowBodySchema, type BusyWindow } from './busy-window';
import { addNewRecord } from './records';
import { renderRecord } from './render';
import type { WireBody } from './replies';
import type { SimulatorState } from './state';
import type { Terminal } from './terminal';
import type { TipMode } from './tip-mode';
import { totalsOf, wireTotals } from './totals';

export class SimulatorControlError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
  ) {
    super(message);
    this.name = 'SimulatorControlError';
  }
}

export interface TerminalSummary {
  tpn: string;
  online: boolean;
  busy: boolean;
  /** ms left of the busy window after an approval (busy-window.ts); 0: none. */
  busyAfterApprovalMs: number;
  batchNumber: number;
  openRecords: number;
}

export interface TerminalStateView extends TerminalSummary {
  serialNumber: string;
  /** The tip behaviour in force for this terminal (its own setting, else the global one). */
  tipMode: TipMode;
  /** The fee program in force for this terminal (its own, else the global one). */
  feeProgram: FeeProgram;
  nextTransactionNumber: number;
  /** Open batch records, rendered exactly as Status returns them. */
  records: WireBody[];
  /** The ExternalReceipt text each Sale of the open batch sent, by ReferenceId (those that sent one). */
  externalReceipts: Record<string, string>;
  /** Declined or cancelled attempts of the open batch, as they were answered. */
  declined: { referenceId: string; reply: Record<string, unknown> }[];
  /** Same figures Summary reports for the whole open batch. */
  totals: ReturnType<typeof wireTotals>;
  lastCart: unknown;
  lastInvoice: unknown;
  queuedAnswers: QueuedAnswer[];
  queuedOutcomes: QueuedOutcome[];
  settlements: Settlement[];
}

export interface SimulatorControl {
  /** Every terminal (or only `tpn`) back to a fresh state: batch 1, online, empty queues. */
  reset(tpn?: string): void;
  setOnline(tpn: string, online: boolean): void;
  /** The terminal is in use elsewhere for `seconds` (0 ends it): every request, Status too, gets 2008. */
  setInUse(tpn: string, seconds: number): void;
  /** Queues what the customer does at the next fitting prompt (UserInput, UserChoice, SelectInvoice, GetCard). */
  queueAnswer(tpn: string, answer: CustomerAnswer): void;
  /** Queues the outcome of the next new payment (Sale, Auth, Capture, Return). */
  queueOutcome(tpn: string, outcome: PaymentOutcome): void;
  clearQueues(tpn: string): void;
  /** Adds a store-and-forward record to the open batch; returns it as OfflineStatus lists it. */
  addOfflineTransaction(tpn: string, transaction: OfflineTransactionInput): WireBody;
  getState(tpn: string): TerminalStateView;
  listTerminals(): TerminalSummary[];
  /**
   * Whether new payments' Amount includes TipAmount ('included', the default) or the terminal adds
   * the tip on top ('on-top'). Without a TPN it sets the global mode; with one, that terminal's
   * (null: follow the global mode again). Configuration: not saved, not changed by reset().
   */
  setTipMode(mode: TipMode | null, tpn?: string): void;
  /**
   * How long, in ms, the service stays busy (1000 "Service Busy") after each approved payment; 0
   * turns it off. Configuration like the tip mode: not saved, not changed by reset(). Windows
   * already open run on.
   */
  setBusyAfterApproval(ms: number): void;
  /**
   * How the terminal charges fees (fee-program.ts): none, the POS's CustomFee (the default), a
   * surcharge or dual pricing, with "fee on tip" and "tax on fee". Without a TPN it sets the global
   * program; with one, that terminal's (null: follow the global one again). Configuration like the
   * tip mode: not saved, not changed by reset(); it applies to payments made from then on.
   */
  setFeeProgram(program: FeeProgramInput | null, tpn?: string): void;
}

/** Validates control input; messages name the field and rule ("seconds must be at least 1"). */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const result = schema.safeParse(value, { error: ruleMessage });
  if (!result.success) throw new SimulatorControlError(400, `Invalid ${what}: ${describeIssues(result.error)}`);
  return result.data;
}

function summary(terminal: Terminal): TerminalSummary {
  return {
    tpn: terminal.tpn,
    online: terminal.online,
    busy: terminal.busy !== null,
    busyAfterApprovalMs: Math.max(0, (terminal.busyAfterApprovalUntil ?? 0) - Date.now()),
    batchNumber: terminal.batch.number,
    openRecords: terminal.batch.size,
  };
}

export function createControl(state: SimulatorState, busyWindow: BusyWindow): SimulatorControl {
  const terminal = (tpn: string): Terminal => {
    const found = state.terminals.get(tpn);
    if (!found) throw new SimulatorControlError(404, `Unknown terminal '${tpn}'`);
    return found;
  };
  /**
   * Checks a setting a terminal may have of its own over the global one (tip mode, fee program):
   * without a TPN by the global schema, else by the terminal's (null: follow the global one again),
   * for a terminal that exists.
   */
  const perTerminal = <G extends z.ZodType, T extends z.ZodType>(
    global: G,
    own: T,
    body: unknown,
    tpn: string | undefined,
    what: string,
  ): z.output<G> | z.output<T> => {
    if (tpn === undefined) return parseInput(global, body, what);
    terminal(tpn);
    return parseInput(own, body, what);
  };
  /** Runs a mutation and tells the state file about it. */
  const change = <T>(fn: () => T): T => {
    const result = fn();
    state.changed();
    return result;
  };

  return {
    reset(tpn) {
      if (tpn !== undefined) terminal(tpn);
      state.reset(tpn);
    },
    setOnline(tpn, online) {
      const t = terminal(tpn);
      change(() => (t.online = online));
    },
    setInUse(tpn, seconds) {
      const t = terminal(tpn);
      const { seconds: valid } = parseInput(inUseBodySchema, { seconds }, 'in-use time');
      t.inUseUntil = valid === 0 ? null : Date.now() + valid * 1000;
    },
    queueAnswer(tpn, answer) {
      const t = terminal(tpn);
      const queued = parseInput(customerAnswerSchema, answer, 'customer answer');
      change(() => t.answers.push(queued));
    },
    queueOutcome(tpn, outcome) {
      const t = terminal(tpn);
      const queued = parseInput(paymentOutcomeSchema, outcome, 'payment outcome');
      change(() => t.outcomes.push(queued));
    },
    clearQueues(tpn) {
      const t = terminal(tpn);
      change(() => {
        t.answers.length = 0;
        t.outcomes.length = 0;
      });
    },
    addOfflineTransaction(tpn, transaction) {
      const t = terminal(tpn);
      const input = parseInput(offlineTransactionSchema, transaction, 'offline transaction');
      if (t.batch.hasReference(input.referenceId)) {
        throw new SimulatorControlError(409, `ReferenceId ${input.referenceId} is already used in open batch ${t.batch.number}`);
      }
      const amount = toCents(input.amount);
      const tip = toCents(input.tipAmount ?? 0);
      if (tip > amount) throw new SimulatorControlError(400, 'Invalid offline transaction: tipAmount must not exceed amount');
      const at = input.transactionDateTime ?? new Date().toISOString();
      const record = change(() =>
        addNewRecord(t, {
          type: input.transactionType,
          paymentType: input.paymentType,
          referenceId: input.referenceId,
          requestedCents: amount,
          approvedCents: amount,
          tipCents: tip,
          feeCents: 0,
          partial: false,
          createdAt: at,
          offlineAt: at,
        }),
      );
      return renderRecord(t, record);
    },
    getState(tpn) {
      const t = terminal(tpn);
      const records = t.batch.records();
      return {
        ...summary(t),
        serialNumber: t.serialNumber,
        tipMode: state.tipModeFor(tpn),
        feeProgram: structuredClone(state.feeProgramFor(tpn)),
        nextTransactionNumber: t.batch.nextTransactionNumber(),
        records: records.map((record) => renderRecord(t, record)),
        externalReceipts: Object.fromEntries(
          records.filter((r) => r.externalReceipt !== '').map((r) => [r.referenceId, r.externalReceipt]),
        ),
        declined: structuredClone(t.batch.declines()),
        totals: wireTotals(totalsOf(records)),
        lastCart: structuredClone(t.lastCart),
        lastInvoice: structuredClone(t.lastInvoice),
        queuedAnswers: structuredClone(t.answers),
        queuedOutcomes: structuredClone(t.outcomes),
        settlements: structuredClone(t.settlements),
      };
    },
    listTerminals() {
      return [...state.terminals.values()].map(summary);
    },
    setBusyAfterApproval(ms) {
      busyWindow.ms = parseInput(busyWindowBodySchema, { ms }, 'busy window').ms;
    },
    setTipMode(mode, tpn) {
      state.setTipMode(perTerminal(globalTipModeBodySchema, terminalTipModeBodySchema, { mode }, tpn, 'tip mode').mode, tpn);
    },
    setFeeProgram(program, tpn) {
      state.setFeeProgram(
        perTerminal(globalFeeProgramBodySchema, terminalFeeProgramBodySchema, { program }, tpn, 'fee program').program,
        tpn,
      );
    },
  };
}
