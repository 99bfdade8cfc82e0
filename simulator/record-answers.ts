// Status answers kept ready: a stored record's rendered answer, frozen and encoded once
// (http-io's keepEncoded), reused until anything in the simulator changes. A client polling Status
// for a lost answer, or many registers looking records up, then cost neither rendering nor
// JSON.stringify. Every change of state already goes through SimulatorState.changed() (the state
// file relies on it), which moves the state's revision; an answer kept at an older revision is
// rendered again, so no mutation site has to know about this cache and a Void or TipAdjust is
// visible to the very next Status.
import { keepEncoded } from './http-io';
import type { TxRecord } from './model';
import { renderRecord, type RenderOptions } from './render';
import type { WireBody } from './replies';
import type { Terminal } from './terminal';

type StatusOptions = Pick<RenderOptions, 'getReceipt' | 'getExtendedData'>;

interface Kept {
  revision: number;
  /** By the options that change the answer (receipt copies, extended data). */
  answers: Map<string, WireBody>;
}

export class RecordAnswers {
  readonly #kept = new WeakMap<TxRecord, Kept>();

  /** `state.revision` moves with every change of state (SimulatorState.changed). */
  constructor(private readonly state: { readonly revision: number }) {}

  /** The record's Status answer (frozen: callers must copy before changing it). */
  status(terminal: Terminal, record: TxRecord, options: StatusOptions): WireBody {
    let kept = this.#kept.get(record);
    if (kept === undefined || kept.revision !== this.state.revision) {
      kept = { revision: this.state.revision, answers: new Map() };
      this.#kept.set(record, kept);
    }
    const key = `${options.getReceipt ?? ''}|${options.getExtendedData === true}`;
    let answer = kept.answers.get(key);
    if (answer === undefined) {
      answer = keepEncoded(renderRecord(terminal, record, options));
      kept.answers.set(key, answer);
    }
    return answer;
  }
}
