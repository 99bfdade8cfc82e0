// Runs a request on a terminal the way the proxy does: the terminal is busy until it answers,
// the proxy answers 2007 when SPInProxyTimeout is up, and work the terminal started is finished
// and recorded even after the proxy gave up or the client went away (a real sale still happens).
import { bare, proxyTimeout, type WireBody } from './replies';
import type { BusyState, Terminal } from './terminal';

export interface WorkSpec {
  /** Terminal think time in ms; null = the terminal never answers (held until the proxy timeout). */
  delayMs: number | null;
  timeoutMs: number;
  /** Synchronous terminal-side work: the state change and the answer, applied atomically. */
  work: () => WireBody;
  /** The request's ReferenceId, which an AbortTransaction may name. */
  referenceId?: string | null;
  /** The terminal-side work of a cancel (1012, recorded like a customer's cancel); AbortTransaction runs it. */
  cancel: () => WireBody;
  /** The customer finishes just as the abort arrives: the work completes instead of the cancel. */
  abortLoses?: boolean;
}

interface ActiveJob extends BusyState {
  /** Shutdown: finish now (finite work) or answer a held request without recording anything. */
  finishNow(): void;
}

export class WorkRunner {
  private readonly jobs = new Set<ActiveJob>();

  constructor(private readonly onWorkDone: () => void) {}

  /** The answer at once with zero think time (no timers, no promise: keeps Sale under load cheap), else when the terminal answers. */
  run(terminal: Terminal, spec: WorkSpec): WireBody | Promise<WireBody> {
    if (spec.delayMs === 0) return this.perform(spec.work);
    return new Promise((resolve) => {
      let answered = false;
      const answer = (body: WireBody) => {
        if (!answered) resolve(body);
        answered = true;
      };
      const release = () => {
        clearTimeout(workTimer);
        clearTimeout(timeoutTimer);
        this.jobs.delete(job);
        if (terminal.busy === job) terminal.busy = null;
      };
      const finishWork = () => {
        release();
        answer(this.perform(spec.work));
      };
      const held = spec.delayMs === null;
      const job: ActiveJob = {
        endsAt: Date.now() + (spec.delayMs ?? spec.timeoutMs),
        referenceId: spec.referenceId ?? null,
        abort: () => {
          if (spec.abortLoses) {
            finishWork();
            return false;
          }
          release();
          answer(this.perform(spec.cancel));
          return true;
        },
        finishNow: held
          ? () => {
              release();
              answer(bare('2001', 'Simulator is shutting down'));
            }
          : finishWork,
      };
      const workTimer = held ? undefined : setTimeout(finishWork, spec.delayMs ?? 0);
      const timeoutTimer = setTimeout(() => {
        answer(proxyTimeout(spec.timeoutMs / 1000));
        // A held request frees the terminal now; finite work keeps it busy until it is done.
        if (held) release();
      }, spec.timeoutMs);
      terminal.busy = job;
      this.jobs.add(job);
    });
  }

  /** Seconds until the terminal's current request is done, for DelayBeforeNextRequest. */
  static remainingSeconds(busy: BusyState): number {
    return (busy.endsAt - Date.now()) / 1000;
  }

  /** Used by close(): nothing may keep a socket or timer alive afterwards. */
  finishAll(): void {
    for (const job of [...this.jobs]) job.finishNow();
  }

  private perform(work: () => WireBody): WireBody {
    try {
      return work();
    } catch (error) {
      // A handler bug must not leave the terminal busy or the client hanging.
      console.error('[simulator] terminal work failed:', error);
      return bare('1006', `Simulator internal error: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      this.onWorkDone();
    }
  }
}
