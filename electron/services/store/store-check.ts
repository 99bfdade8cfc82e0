import { findingCount } from '@shared/ipc/reconciliation-views';
import type { StoreCheck, StoreCheckRow } from '@shared/ipc/store-views';
import type { Journal } from '../journal/journal';
import type { ProfileService } from '../profiles/profile-service';
import { recordedSinceSettle } from '../reports/reconcile';
import { entriesToReconcile, reconcileBatch } from '../reports/reconcile-batch';
import { terminalKeyOf } from '../terminal/terminal-activity';
import type { TerminalDeps } from '../terminal/terminal-call';
import { toAppError } from '../to-app-error';

export type StoreCheckDeps = TerminalDeps & {
  profiles: Pick<ProfileService, 'list' | 'target'>;
  journal: Journal;
};

/** A row and the terminal it read: two merchant profiles on one TPN read one batch. */
type Checked = { row: StoreCheckRow; terminal: string };

/**
 * Check before settling, for every terminal: the single terminal's batch check (issue 14) run on
 * each, side by side (each in its own report lane), and a store line over those that could be read.
 * A terminal that cannot be read is listed with why and with what this PC recorded on it; it does
 * not stop the others, and the store line names it as not checked instead of reassuring.
 */
export async function checkStore(deps: StoreCheckDeps): Promise<StoreCheck> {
  const { profiles } = await deps.profiles.list();
  const checked = await Promise.all(
    profiles.map(async (profile): Promise<Checked> => {
      // The service as the profile names it: profiles on one TPN at one service are one terminal.
      const terminal = terminalKeyOf({ baseUrl: profile.endpointLabel, tpn: profile.tpn });
      const recordedCents = recordedSinceSettle(await entriesToReconcile(deps.journal, profile.tpn, []), profile.tpn);
      const row = {
        profileId: profile.id,
        name: profile.name,
        tpn: profile.tpn,
        merchantNumber: profile.merchantNumber ?? null,
        recordedCents,
      };
      try {
        return { row: { ...row, report: await reconcileBatch(deps, { profileId: profile.id }), error: null }, terminal };
      } catch (error) {
        return { row: { ...row, report: null, error: toAppError(error) }, terminal };
      }
    }),
  );
  return { terminals: checked.map(({ row }) => row), store: storeLine(checked) };
}

/**
 * Over each terminal once: its first profile that was read speaks for it (every profile on a TPN
 * reads the same batch and the same journal entries); a terminal none of whose profiles was read is
 * not checked, counted once with what this PC recorded on it.
 */
function storeLine(checked: Checked[]): StoreCheck['store'] {
  const byTerminal = new Map<string, StoreCheckRow[]>();
  for (const { row, terminal } of checked) byTerminal.set(terminal, [...(byTerminal.get(terminal) ?? []), row]);
  const reports = [];
  let unread = 0;
  let uncheckedCents = 0;
  for (const rows of byTerminal.values()) {
    const read = rows.find((row) => row.report !== null)?.report;
    if (read) {
      reports.push(read);
    } else {
      unread += 1;
      uncheckedCents += rows[0]?.recordedCents ?? 0;
    }
  }
  return {
    journalCents: reports.reduce((sum, report) => sum + report.totals.journalCents, 0),
    batchCents: reports.reduce((sum, report) => sum + report.totals.batchCents, 0),
    differences: reports.reduce((sum, report) => sum + findingCount(report), 0),
    terminalsWithDifferences: reports.filter((report) => findingCount(report) > 0).length,
    unread,
    uncheckedCents,
  };
}
