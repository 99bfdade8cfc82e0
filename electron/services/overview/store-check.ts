import { findingCount } from '@shared/ipc/reconciliation-views';
import type { StoreCheck, StoreCheckRow } from '@shared/ipc/store-views';
import type { Journal } from '../journal/journal';
import type { ProfileService } from '../profiles/profile-service';
import { reconcileBatch } from '../reports/reconcile-batch';
import type { TerminalDeps } from '../terminal/terminal-call';
import type { ExplainError } from './read-figures';

export type StoreCheckDeps = TerminalDeps & {
  profiles: Pick<ProfileService, 'list' | 'target'>;
  journal: Journal;
  explain: ExplainError;
};

/**
 * Check before settling, for every terminal: the single terminal's batch check (issue 14) run on
 * each, side by side (each in its own report lane), and a store line over those that could be read.
 * A terminal that cannot be read is listed with why; it does not stop the others.
 */
export async function checkStore(deps: StoreCheckDeps): Promise<StoreCheck> {
  const { profiles } = await deps.profiles.list();
  const terminals = await Promise.all(
    profiles.map(async (profile): Promise<StoreCheckRow> => {
      const row = { profileId: profile.id, name: profile.name, tpn: profile.tpn };
      try {
        return { ...row, report: await reconcileBatch(deps, { profileId: profile.id }), error: null };
      } catch (error) {
        return { ...row, report: null, error: deps.explain(error) };
      }
    }),
  );
  return { terminals, store: storeLine(terminals) };
}

function storeLine(terminals: StoreCheckRow[]): StoreCheck['store'] {
  const reports = terminals.flatMap((terminal) => (terminal.report ? [terminal.report] : []));
  return {
    journalCents: reports.reduce((sum, report) => sum + report.totals.journalCents, 0),
    batchCents: reports.reduce((sum, report) => sum + report.totals.batchCents, 0),
    differences: reports.reduce((sum, report) => sum + findingCount(report), 0),
    terminalsWithDifferences: reports.filter((report) => findingCount(report) > 0).length,
    unread: terminals.length - reports.length,
  };
}
