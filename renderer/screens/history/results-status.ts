import { formatNumber } from '@shared/i18n/format';
import { m } from '../../lib/i18n/messages';

type Say = (inputs: { shown: string; total: string }) => string;

/** Each count line as a whole sentence: [plain, matching the filters]. */
const LINES = {
  none: [m.hist_none, m.hist_none_filtered],
  totalOne: [m.hist_showing_total_one, m.hist_showing_total_one_filtered],
  total: [m.hist_showing_total, m.hist_showing_total_filtered],
  manyOne: [m.hist_showing_many_one, m.hist_showing_many_one_filtered],
  many: [m.hist_showing_many, m.hist_showing_many_filtered],
  one: [m.hist_showing_one, m.hist_showing_one_filtered],
  some: [m.hist_showing, m.hist_showing_filtered],
} satisfies Record<string, [Say, Say]>;

export interface ResultsCount {
  /** Entries found, or a floor when `exact` is false. */
  total: number;
  exact: boolean;
  shown: number;
  /** More can be loaded. */
  more: boolean;
  filtered: boolean;
}

/**
 * History's count line: "Showing 50 of 120 entries matching the filters.", and when the search
 * was too broad to count, what narrows it.
 */
export function resultsStatus({ total, exact, shown, more, filtered }: ResultsCount): string {
  const line: keyof typeof LINES =
    total === 0
      ? 'none'
      : exact
        ? total === 1
          ? 'totalOne'
          : 'total'
        : more
          ? shown === 1
            ? 'manyOne'
            : 'many'
          : shown === 1
            ? 'one'
            : 'some';
  const counted = LINES[line][filtered ? 1 : 0]({ shown: formatNumber(shown), total: formatNumber(total) });
  return !exact && more ? `${counted} ${m.hist_too_many()}` : counted;
}

/** The toast when the CSV starts downloading; the count is the search's when it was counted. */
export function csvToast(total: number, exact: boolean): string {
  if (!exact) return m.hist_csv();
  return total === 1 ? m.hist_csv_one() : m.hist_csv_many({ count: formatNumber(total) });
}
