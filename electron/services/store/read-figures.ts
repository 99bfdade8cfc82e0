import type { ReportInput } from '@shared/ipc/report-views';
import type { StoreRow } from '@shared/ipc/store-views';
import { fetchSummary } from '../reports/fetch-reports';
import type { TerminalDeps } from '../terminal/terminal-call';
import type { BatchFigures, Figures } from './batch-figures';
import { storeRow, type StoreDeps } from './store-overview';

export type FiguresDeps = TerminalDeps & { figures: BatchFigures };

/**
 * Reads one terminal's Summary (in its report lane, so never beside its Settle or another report)
 * and keeps the figures. A failed read is noted too, so the Store screen does not ask again on its own.
 */
export async function readFigures(deps: FiguresDeps, input: ReportInput & { profileId: string }): Promise<Figures> {
  try {
    return deps.figures.note(await fetchSummary(deps, input));
  } catch (error) {
    deps.figures.tried(input.profileId, new Date().toISOString());
    throw error;
  }
}

/** The Store screen's "Refresh" of one row: the open batch read now, then the row as the overview shows it. */
export async function refreshStoreRow(deps: FiguresDeps & StoreDeps, profileId: string): Promise<StoreRow> {
  await readFigures(deps, { profileId });
  const { profiles } = await deps.profiles.list();
  const profile = profiles.find((candidate) => candidate.id === profileId);
  // readFigures found the profile a moment ago; only a delete in between gets here.
  if (!profile) throw new Error(`Terminal profile ${profileId} was removed`);
  return storeRow(deps, profile);
}
