import type { ProfileService } from '../profiles/profile-service';
import { terminalKeyOf, type TerminalKey } from './terminal-activity';

// A terminal works on one request at a time and answers a second one 2008 "Terminal in use"
// (docs/PROTOCOL.md §9.3). The reports (Summary, Daily, the batch check) and this PC's own Settle
// used to race there: the Batch screen read Summary and Daily at once after a Settle, or a tab
// asked for Daily while Settle (with its Daily probe) was running, and one of them was refused.
// The lane runs them one after another per terminal instead: a report waits for the Settle in
// flight and for the report before it; a Settle waits for the reports already sent. Nothing else
// goes through it (a sale refused while a report is read says so itself, see terminal-activity.ts).

export class ReportLane {
  readonly #tails = new Map<string, Promise<void>>();

  /** Runs `work` once everything queued before it on this terminal has ended (however it ended). */
  run<T>(target: TerminalKey, work: () => Promise<T>): Promise<T> {
    const key = terminalKeyOf(target);
    const before = this.#tails.get(key) ?? Promise.resolve();
    const result = before.then(work);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.#tails.set(key, tail);
    // The map keeps only terminals with something queued.
    void tail.then(() => {
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    });
    return result;
  }
}

/** What inReportLane needs of TerminalDeps (terminal-call.ts). */
export interface ReportLaneDeps {
  profiles: Pick<ProfileService, 'target'>;
  reportLane?: ReportLane | undefined;
}

/** Runs `work` in the lane of the profile's terminal (the active one when none is named); at once without a lane. */
export async function inReportLane<T>(deps: ReportLaneDeps, profileId: string | undefined, work: () => Promise<T>): Promise<T> {
  if (!deps.reportLane) return work();
  return deps.reportLane.run(await deps.profiles.target(profileId), work);
}
