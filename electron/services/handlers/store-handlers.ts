import type { AppError } from '@shared/ipc/envelope';
import type { SummaryReport } from '@shared/ipc/report-views';
import { AppFailure } from '../app-failure';
import { BatchFigures } from '../overview/batch-figures';
import { refreshStoreRow } from '../overview/read-figures';
import { SettleAll, settlePlan } from '../overview/settle-all';
import { checkStore } from '../overview/store-check';
import { storeOverview } from '../overview/store-overview';
import type { MoneyMoveDeps } from '../payments/money-move';
import type { ProfileService } from '../profiles/profile-service';
import { SpinError } from '../spin/spin-error';
import type { Handlers } from './dispatch';
import { spinErrorToAppError } from './spin-error-to-app-error';

type StoreChannel = Extract<keyof Handlers, `store:${string}`>;

/**
 * A failure of one terminal inside a run over many, in the words dispatch would give it alone
 * (dispatch redacts the whole answer on the way out). Anything else is a bug: named, not hidden.
 */
export function explainError(error: unknown): AppError {
  if (error instanceof AppFailure) return error.detail;
  if (error instanceof SpinError) return spinErrorToAppError(error);
  return { code: 'INTERNAL', message: `Something went wrong inside spin-desk: ${error instanceof Error ? error.message : String(error)}` };
}

/**
 * The store:* channels, and the figures they share with reports:summary (noted()): one
 * BatchFigures and one Settle all per app.
 */
export function storeHandlers(deps: MoneyMoveDeps & { profiles: ProfileService }): {
  handlers: Pick<Handlers, StoreChannel>;
  noted: (summary: SummaryReport) => SummaryReport;
} {
  const figures = new BatchFigures();
  const settleAll = new SettleAll();
  const store = { ...deps, figures, explain: explainError };
  return {
    noted: (summary) => {
      figures.note(summary);
      return summary;
    },
    handlers: {
      'store:overview': () => storeOverview(store),
      'store:refresh': ({ profileId }) => refreshStoreRow(store, profileId),
      'store:check': () => checkStore(store),
      'store:settlePlan': () => settlePlan(store),
      'store:settleAll': (input) => settleAll.run(store, input),
      'store:settleAllProgress': async () => settleAll.progress(),
    },
  };
}
