import type { SettleOutcome } from '@shared/ipc/report-views';

/** The heading of a settlement result, on screen and on paper. */
export const SETTLE_TITLES: Record<SettleOutcome, string> = {
  settled: 'Batch closed',
  partial: 'Batch partly closed',
  'nothing-to-settle': 'Nothing to settle',
  'not-settled': 'The batch was not closed',
};
