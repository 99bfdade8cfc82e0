import type { SummaryReport } from '@shared/ipc/report-views';
import { BatchFigures } from '../store/batch-figures';
import { refreshStoreRow } from '../store/read-figures';
import { SettleAll, settlePlan } from '../store/settle-all';
import { checkStore } from '../store/store-check';
import { storeOverview } from '../store/store-overview';
import type { MoneyMoveDeps } from '../payments/money-move';
import type { ProfileService } from '../profiles/profile-service';
import type { Handlers } from './dispatch';

type StoreChannel = Extract<keyof Handlers, `store:${string}`>;

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
  const store = { ...deps, figures };
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
