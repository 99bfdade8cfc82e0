import { JournalExportInput, type JournalFilter, type JournalState } from '@shared/ipc/journal-views';
import { FormReader, type Checked } from '../../lib/form-reader';
import { m } from '../../lib/i18n/messages';

/** The filter as the form holds it: '' (null for the amount) means "any". */
export interface HistoryFilterFields {
  /** yyyy-mm-dd from a date input, in the computer's own time zone. */
  from: string;
  to: string;
  referenceId: string;
  amountCents: number | null;
  last4: string;
  state: '' | JournalState;
  /** A terminal's TPN (the journal keeps the TPN, so a deleted profile's entries stay findable). */
  tpn: string;
}

export const EMPTY_HISTORY_FILTER: Readonly<HistoryFilterFields> = {
  from: '',
  to: '',
  referenceId: '',
  amountCents: null,
  last4: '',
  state: '',
  tpn: '',
};

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Local midnight at the start of `day` (plus `plusDays`), as an ISO instant; undefined for text
 * that is not a calendar date. The journal filters by instants; people think in local days.
 */
export function localDayStart(day: string, plusDays = 0): string | undefined {
  const match = DAY.exec(day);
  if (!match) return undefined;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1970 || year > 9999) return undefined;
  const start = new Date(year, month - 1, date);
  // 2026-02-30 would roll over into March: not a date anyone meant.
  if (start.getMonth() !== month - 1 || start.getDate() !== date) return undefined;
  // By calendar day, not 24 hours: a day with a clock change is 23 or 25 hours long.
  start.setDate(start.getDate() + plusDays);
  return start.toISOString();
}

/**
 * Checks the form with the contract's own rules (last 4 = exactly 4 digits, ...) plus the date
 * range, and builds journal:list's filter from the fields that are set. `to` is the whole day:
 * the journal's `to` is exclusive, so it becomes the next local midnight.
 */
export function checkHistoryFilter(fields: HistoryFilterFields): Checked<JournalFilter> {
  const reader = new FormReader();
  const from = fields.from ? localDayStart(fields.from) : undefined;
  const to = fields.to ? localDayStart(fields.to, 1) : undefined;
  if (fields.from && !from) reader.errors.from = m.hist_date_example();
  if (fields.to && !to) reader.errors.to = m.hist_date_example();
  if (from && to && fields.to < fields.from) reader.errors.to = m.hist_to_before_from();
  const referenceId = fields.referenceId.trim();
  const last4 = fields.last4.trim();
  return reader.check(JournalExportInput, {
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(referenceId ? { referenceId } : {}),
    ...(fields.amountCents !== null ? { amountCents: fields.amountCents } : {}),
    ...(last4 ? { last4 } : {}),
    ...(fields.state ? { state: fields.state } : {}),
    ...(fields.tpn ? { tpn: fields.tpn } : {}),
  });
}

/**
 * The terminal choices, one per TPN (two profiles may point at the same terminal), named by their
 * profiles. A TPN no profile has any more (a deleted terminal) stays choosable while selected.
 */
export function terminalOptions(profiles: readonly { name: string; tpn: string }[], selected: string): { value: string; label: string }[] {
  const names = new Map<string, string[]>();
  for (const profile of profiles) names.set(profile.tpn, [...(names.get(profile.tpn) ?? []), profile.name]);
  if (selected && !names.has(selected)) names.set(selected, []);
  return [
    { value: '', label: m.hist_any_terminal() },
    ...[...names].map(([tpn, named]) => ({
      value: tpn,
      label: named.length > 0 ? m.hist_terminal_named({ names: named.join(', '), tpn }) : m.hist_terminal_tpn({ tpn }),
    })),
  ];
}
