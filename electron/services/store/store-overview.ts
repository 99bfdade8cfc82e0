import type { StoreLastSettle, StoreOverview, StoreRow } from '@shared/ipc/store-views';
import type { ProfileView } from '@shared/ipc/profile-views';
import type { Journal } from '../journal/journal';
import type { JournalEntry } from '../journal/records';
import type { ProfileService } from '../profiles/profile-service';
import type { TerminalActivity } from '../terminal/terminal-activity';
import type { BatchFigures } from './batch-figures';

export interface StoreDeps {
  profiles: Pick<ProfileService, 'list' | 'target'>;
  journal: Pick<Journal, 'pending' | 'newestOn' | 'lastSettleOn'>;
  activity?: Pick<TerminalActivity, 'running'> | undefined;
  figures: BatchFigures;
}

/**
 * Every terminal's row of the Store screen, from what this PC already knows: the profiles, the
 * journal, what waits on each terminal now and the figures last read. No terminal is asked.
 */
export async function storeOverview(deps: StoreDeps): Promise<StoreOverview> {
  const { profiles } = await deps.profiles.list();
  const pending = deps.journal.pending();
  const rows = await Promise.all(profiles.map((profile) => storeRow(deps, profile, pending)));
  return { rows, at: new Date().toISOString() };
}

export async function storeRow(deps: StoreDeps, profile: ProfileView, pending = deps.journal.pending()): Promise<StoreRow> {
  const { movedAt, lastSettle } = await journalFacts(deps.journal, profile.tpn);
  const figures = deps.figures.of(profile.id);
  const waiting = await waitingOn(deps, profile);
  return {
    profileId: profile.id,
    name: profile.name,
    tpn: profile.tpn,
    environment: profile.environment,
    merchantNumber: profile.merchantNumber ?? null,
    hasAuthkey: profile.hasAuthkey,
    waiting,
    lookingUp: pending
      .filter((entry) => entry.intent.tpn === profile.tpn && !inFlight(entry, waiting))
      .map(({ intent }) => ({ referenceId: intent.ref, operation: intent.op, amountCents: intent.amountCents, since: intent.at })),
    batch: figures ? { ...figures } : null,
    batchStale: deps.figures.staleSince(profile.id, movedAt),
    lastSettle,
  };
}

/**
 * A pending entry that is the request this PC is sending now, its answer not lost: the customer may
 * be at the terminal, so it is waiting, not being looked up. One whose answer was lost (or whose
 * app stopped before it came) is being looked up, even while its lookup holds the terminal.
 */
function inFlight(entry: JournalEntry, waiting: StoreRow['waiting']): boolean {
  return (
    waiting !== null &&
    entry.unknownReason === undefined &&
    entry.intent.ref === waiting.referenceId &&
    entry.intent.op === waiting.operation
  );
}

async function waitingOn(deps: StoreDeps, profile: ProfileView): Promise<StoreRow['waiting']> {
  // Without an Authkey nothing can have been sent, and no target can be built.
  if (!profile.hasAuthkey || !deps.activity) return null;
  const target = await deps.profiles.target(profile.id).catch(() => undefined);
  const running = target ? deps.activity.running(target) : undefined;
  if (!running) return null;
  return {
    operation: running.operation,
    ...(running.referenceId ? { referenceId: running.referenceId } : {}),
    since: new Date(running.startedAt).toISOString(),
  };
}

/**
 * When this PC last moved money on the terminal (or tried to), and its newest Settle that closed a
 * batch: two indexed queries, however long the terminal's history (issue 27: 25 terminals' rows
 * are read each time the Store screen opens and every 5 s while it is open).
 */
async function journalFacts(
  journal: Pick<Journal, 'newestOn' | 'lastSettleOn'>,
  tpn: string,
): Promise<{ movedAt: string | undefined; lastSettle: StoreLastSettle | null }> {
  const newest = await journal.newestOn(tpn);
  const settle = newest && (await journal.lastSettleOn(tpn));
  return { movedAt: newest && (newest.outcome?.at ?? newest.intent.at), lastSettle: settle ? lastSettleOf(settle) : null };
}

function lastSettleOf(entry: JournalEntry): StoreLastSettle {
  const details = entry.outcome?.settlement?.details ?? [];
  const totals = details.map((detail) => detail.totals?.total).filter((total): total is number => typeof total === 'number');
  return {
    at: entry.outcome?.at ?? entry.intent.at,
    referenceId: entry.intent.ref,
    totalCents: totals.length > 0 ? totals.reduce((sum, total) => sum + total, 0) : null,
    batchNumbers: [...new Set(details.map((detail) => detail.batchNumber).filter((number) => number !== ''))],
    ...(totals.length === 0 ? { totalsKnown: false } : {}),
  };
}
