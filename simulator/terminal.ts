// One simulated terminal: credentials, connectivity, the open batch and what the simulated
// customer will do next. Everything here is plain state; the rules live in handlers/.
import { Batch } from './batch';
import type { QueuedAnswer, QueuedOutcome, Settlement, TerminalData, TxRecord } from './model';
import { Prng, deriveSeed } from './prng';

/** What a busy answer after an approval repeats of that approval (busy-window.ts): live answers carried both. */
export interface ApprovalEcho {
  Amounts?: unknown;
  RRN?: unknown;
}

/** The request the terminal is working on; a second request meanwhile gets 2008. */
export interface BusyState {
  /** Epoch ms when the terminal will be free again (work done, or proxy timeout of a held request). */
  readonly endsAt: number;
  /** The ReferenceId of the request being worked on, when it has one (prompts have none). */
  readonly referenceId: string | null;
  /**
   * AbortTransaction: ends the request now. True when it was cancelled (it answers 1012); false when
   * the customer had already finished it, so it completes as it would have (the abort lost the race).
   */
  abort(): boolean;
}

const SETTLEMENTS_KEPT = 20;

export class Terminal {
  readonly tpn: string;
  readonly authkey: string;
  readonly serialNumber: string;
  online: boolean;
  busy: BusyState | null = null;
  /**
   * Epoch ms until which the terminal is in use by someone else (another register, a cashier at the
   * device): every request, Status included, gets 2008 until then. Set through the control API;
   * not saved in the state file, since it is a moment, not state.
   */
  inUseUntil: number | null = null;
  /**
   * Epoch ms until which the service answers 1000 "Service Busy" after an approval (busy-window.ts).
   * Not saved either: a moment, not state.
   */
  busyAfterApprovalUntil: number | null = null;
  /** The approval's Amounts and RRN, which the window's busy answers repeat (busy-window.ts). */
  busyAfterApprovalEcho: ApprovalEcho = {};
  batch: Batch;
  lastCart: unknown;
  lastInvoice: unknown;
  readonly answers: QueuedAnswer[];
  readonly outcomes: QueuedOutcome[];
  readonly settlements: Settlement[];
  readonly ebt: { foodCents: number; cashCents: number };
  readonly rng: Prng;

  constructor(data: TerminalData) {
    this.tpn = data.tpn;
    this.authkey = data.authkey;
    this.serialNumber = data.serialNumber;
    this.online = data.online;
    this.batch = new Batch(data.batchNumber, data.records, data.declines);
    this.lastCart = data.lastCart ?? null;
    this.lastInvoice = data.lastInvoice ?? null;
    this.answers = [...data.answers];
    this.outcomes = [...data.outcomes];
    this.settlements = [...data.settlements];
    this.ebt = { ...data.ebt };
    this.rng = new Prng(data.rngState);
  }

  /** A terminal as it comes out of the box: batch 1, online, nothing queued. */
  static fresh(tpn: string, authkey: string, runSeed: number): Terminal {
    const seed = deriveSeed(runSeed, tpn);
    return new Terminal({
      tpn,
      authkey,
      online: true,
      serialNumber: `SIM${String(seed % 1e10).padStart(10, '0')}`,
      batchNumber: 1,
      records: [],
      declines: [],
      lastCart: null,
      lastInvoice: null,
      answers: [],
      outcomes: [],
      settlements: [],
      ebt: { foodCents: 25_000, cashCents: 8_000 },
      rngState: seed,
    });
  }

  toData(): TerminalData {
    return {
      tpn: this.tpn,
      authkey: this.authkey,
      online: this.online,
      serialNumber: this.serialNumber,
      batchNumber: this.batch.number,
      records: [...this.batch.records()],
      declines: this.batch.declines(),
      lastCart: this.lastCart,
      lastInvoice: this.lastInvoice,
      answers: [...this.answers],
      outcomes: [...this.outcomes],
      settlements: [...this.settlements],
      ebt: { ...this.ebt },
      rngState: this.rng.seed,
    };
  }

  /** A fresh AuthCode that no record of the open batch uses (Capture and L3 look records up by it). */
  newAuthCode(): string {
    for (;;) {
      const code = this.rng.alnum(6);
      if (!this.batch.hasAuthCode(code)) return code;
    }
  }

  /** Takes the first queued answer that fits this prompt; cancel and noAnswer fit every prompt. */
  takeAnswer(fits: (answer: QueuedAnswer) => boolean): QueuedAnswer | null {
    const index = this.answers.findIndex((a) => a.kind === 'cancel' || a.kind === 'noAnswer' || fits(a));
    return index < 0 ? null : (this.answers.splice(index, 1)[0] ?? null);
  }

  takeOutcome(): QueuedOutcome | null {
    return this.outcomes.shift() ?? null;
  }

  /** Closes the open batch: the number advances, numbering restarts, ReferenceIds are free again. */
  closeBatch(settledAt: string, totalCents: number, merchantNumber?: number): Settlement {
    const settlement = {
      batchNumber: this.batch.number,
      settledAt,
      transactionsCount: this.batch.size,
      totalCents,
      ...(merchantNumber === undefined ? {} : { merchantNumber }),
    };
    this.settlements.push(settlement);
    if (this.settlements.length > SETTLEMENTS_KEPT) this.settlements.shift();
    this.batch = new Batch(this.batch.number + 1);
    return settlement;
  }

  addRecord(record: TxRecord): void {
    this.batch.add(record);
  }
}
