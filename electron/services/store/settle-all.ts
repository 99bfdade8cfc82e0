import type { AppError } from '@shared/ipc/envelope';
import type { SettleAllReport, SettleAllRow, SettlePlan, SettlePlanRow, SkipReason } from '@shared/ipc/store-views';
import type { ProfileView } from '@shared/ipc/profile-views';
import type { SettlementType } from '@shared/spin/enums';
import { AppFailure } from '../app-failure';
import * as m from '@shared/i18n/paraglide/messages/_index.js';
import type { MoneyMoveDeps } from '../payments/money-move';
import type { ProfileService } from '../profiles/profile-service';
import { runSettle } from '../reports/settle';
import { describeRunning } from '../terminal/terminal-activity';
import { toAppError } from '../to-app-error';
import type { BatchFigures } from './batch-figures';
import { readFigures } from './read-figures';

export type SettleAllDeps = MoneyMoveDeps & {
  profiles: Pick<ProfileService, 'list' | 'target'>;
  figures: BatchFigures;
  /**
   * How long a terminal whose Settle answer was lost may keep the run open while it is looked up,
   * before the run hands it to the background (most lookups end within seconds; some take until
   * the request's deadline, minutes away). Default LOOKUP_GRACE_MS.
   */
  lookupGraceMs?: number;
};

/** A lookup that has not ended after this long goes on without the run (SettleAllDeps.lookupGraceMs). */
export const LOOKUP_GRACE_MS = 5000;

/** The recovery phases (recovery/recover.ts): the answer was lost and Status is being asked. */
const LOOKUP_PHASES: ReadonlySet<string> = new Set(['looking-up', 'retry-wait']);

/** Answers that say the terminal cannot be reached now (2001 "not connected", no route, no answer). */
const OFFLINE_CODES = new Set(['2001']);
/** Answers that say the terminal is working for someone else (2008 in use, 1000 busy). */
const BUSY_CODES = new Set(['2008', '1000']);

/**
 * What Settle all would do, for its one confirmation: each terminal's open count and total read
 * now (Summary, in its report lane), or why it is left out. Terminals are read side by side: each
 * has its own lane, and one that does not answer must not hold up the others.
 */
export async function settlePlan(deps: SettleAllDeps): Promise<SettlePlan> {
  const { profiles } = await deps.profiles.list();
  return { terminals: await Promise.all(profiles.map((profile) => planRow(deps, profile))) };
}

async function planRow(deps: SettleAllDeps, profile: ProfileView): Promise<SettlePlanRow> {
  const row = { profileId: profile.id, name: profile.name, tpn: profile.tpn, merchantNumber: profile.merchantNumber ?? null };
  const skip = (skipped: SkipReason, reason: string, open: Pick<SettlePlanRow, 'openCount' | 'openTotalCents'> = NOT_READ) => ({
    ...row,
    ...open,
    skip: skipped,
    reason,
  });
  if (!profile.hasAuthkey) return skip('no-authkey', m.svc_settle_no_authkey());
  const busy = await busyHere(deps, profile.id);
  if (busy) return skip('busy', busy);
  try {
    const figures = await readFigures(deps, { profileId: profile.id });
    const open = { openCount: figures.count, openTotalCents: figures.totalCents };
    if (figures.count === 0) return skip('nothing-open', m.svc_settle_nothing_open(), open);
    return { ...row, ...open, skip: null, reason: '' };
  } catch (error) {
    const explained = toAppError(error);
    return skip(skipReasonOf(explained), explained.message);
  }
}

const NOT_READ = { openCount: null, openTotalCents: null };

/** A request from this PC waits on the terminal: what to say about it, or undefined when nothing does. */
async function busyHere(deps: SettleAllDeps, profileId: string, ours: ReadonlySet<string> = new Set()): Promise<string | undefined> {
  const target = await deps.profiles.target(profileId);
  const running = deps.activity?.running(target);
  // Another merchant profile of the same terminal settling in this run: the terminal's report lane
  // puts this Settle after it, so it is no reason to leave this one out.
  if (running?.operation === 'Settle' && running.profileId !== profileId && ours.has(running.profileId)) return undefined;
  return running ? m.svc_settle_busy({ what: describeRunning(running) }) : undefined;
}

export function skipReasonOf(error: AppError): SkipReason {
  if (error.code === 'NO_AUTHKEY') return 'no-authkey';
  if (error.code === 'TERMINAL_BUSY' || BUSY_CODES.has(error.statusCode ?? '')) return 'busy';
  if (error.code === 'NETWORK' || error.code === 'TIMEOUT' || OFFLINE_CODES.has(error.statusCode ?? '')) return 'offline';
  return 'unreadable';
}

/**
 * Settle all: every terminal named settles on its own, side by side (each in its own report lane,
 * through the journal like a single Settle), so one that fails or hangs stops none of the others.
 * The run's progress is kept for the screen to read while it lasts (progress()); one run at a time.
 * The run ends when every terminal has ended or been handed to its background lookup (a lost answer
 * whose lookup outlasts lookupGraceMs): that terminal stays busy until the lookup ends, the others
 * can be settled again at once.
 */
export class SettleAll {
  #current: SettleAllReport | null = null;
  #running = false;

  progress(): SettleAllReport | null {
    return this.#current;
  }

  async run(
    deps: SettleAllDeps,
    input: { terminals: { profileId: string; referenceId: string }[]; settlementType: SettlementType },
  ): Promise<SettleAllReport> {
    if (this.#running) {
      throw new AppFailure('TERMINAL_BUSY', m.svc_settle_all_running(), { remedy: m.svc_settle_all_running_remedy() });
    }
    this.#running = true;
    try {
      const { profiles } = await deps.profiles.list();
      const named = input.terminals.map(({ profileId, referenceId }) => ({ profile: profileOf(profiles, profileId), referenceId }));
      const rows = named.map(({ profile }): SettleAllRow => ({
        profileId: profile.id,
        name: profile.name,
        tpn: profile.tpn,
        merchantNumber: profile.merchantNumber ?? null,
        phase: 'waiting',
        result: null,
        error: null,
      }));
      const report: SettleAllReport = { startedAt: new Date().toISOString(), finishedAt: null, terminals: rows };
      this.#current = report;
      const update = (index: number, change: Partial<SettleAllRow>) => {
        rows[index] = { ...(rows[index] as SettleAllRow), ...change };
        // A lookup that ends after the run still updates the run's report, unless a newer run replaced it.
        if (this.#current?.startedAt === report.startedAt) this.#current = { ...this.#current, terminals: [...rows] };
      };
      const ours = new Set(named.map(({ profile }) => profile.id));
      await Promise.all(
        named.map(({ profile, referenceId }, index) =>
          settleOne(deps, { profileId: profile.id, referenceId, ours }, input.settlementType, (change) => update(index, change)),
        ),
      );
      this.#current = { ...report, terminals: [...rows], finishedAt: new Date().toISOString() };
      return this.#current;
    } finally {
      this.#running = false;
    }
  }
}

function profileOf(profiles: ProfileView[], profileId: string): ProfileView {
  const profile = profiles.find((candidate) => candidate.id === profileId);
  if (!profile) {
    throw new AppFailure('NOT_FOUND', m.svc_settle_unknown_profile({ id: profileId }), {
      fields: [{ path: 'terminals', message: m.svc_settle_unknown_profile_field({ id: profileId }) }],
    });
  }
  return profile;
}

async function settleOne(
  deps: SettleAllDeps,
  { profileId, referenceId, ours }: { profileId: string; referenceId: string; ours: ReadonlySet<string> },
  settlementType: SettlementType,
  update: (change: Partial<SettleAllRow>) => void,
): Promise<void> {
  try {
    // Checked again just before sending: a sale may have started since the confirmation.
    const busy = await busyHere(deps, profileId, ours);
    if (busy) {
      update({
        phase: 'skipped',
        error: { code: 'TERMINAL_BUSY', message: busy, remedy: m.svc_settle_busy_remedy() },
      });
      return;
    }
    update({ phase: 'settling' });
    const settled = runSettle(deps, { profileId, referenceId, settlementType }).then(
      (result) => {
        // A partial close leaves some of the batch open: its figures are read again (the Settle counts as money moved).
        if (result.outcome === 'settled' || result.outcome === 'nothing-to-settle') deps.figures.closed(profileId, result.settledAt);
        update({ phase: result.outcome === 'not-settled' ? 'failed' : 'done', result, error: null });
      },
      (error: unknown) => update({ phase: 'failed', error: toAppError(error) }),
    );
    const handedOff = lookupOutlasting(deps, referenceId, settled);
    if ((await Promise.race([settled.then(() => 'ended' as const), handedOff])) === 'looked-up-later') {
      update({ phase: 'looking-up' });
    }
  } catch (error) {
    update({ phase: 'failed', error: toAppError(error) });
  }
}

/**
 * Resolves 'looked-up-later' once the Settle with this reference has been in its lookup for the
 * grace time (its answer was lost); never resolves if the Settle ends first.
 */
function lookupOutlasting(deps: SettleAllDeps, referenceId: string, ended: Promise<void>): Promise<'looked-up-later'> {
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = deps.registry.onProgress((event) => {
      if (timer !== undefined || event.referenceId !== referenceId || !LOOKUP_PHASES.has(event.phase)) return;
      timer = setTimeout(() => resolve('looked-up-later'), deps.lookupGraceMs ?? LOOKUP_GRACE_MS);
    });
    void ended.finally(() => {
      stop();
      clearTimeout(timer);
    });
  });
}
