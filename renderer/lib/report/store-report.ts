import type { JournalEntryView } from '@shared/ipc/journal-views';
import type { NotFromThisPc } from '@shared/ipc/reconciliation-views';
import { moneyOfEntry } from '@shared/ipc/money-model';
import type { Language } from '@shared/i18n/languages';
import { currentLanguage } from '@shared/i18n/current-language';
import { formatMoney } from '@shared/spin/money';
import { formatNumber } from '@shared/i18n/format';
import { m } from '../i18n/messages';
import { FIGURES_DO_NOT_ADD_UP } from '@shared/spin/terminal-amounts';
import type { SettleResult } from '@shared/ipc/report-views';
import { moneyIn, settledTotals } from './settlement-totals';

// The store's end-of-day report (issues 27 and 36): one block per terminal and the store's line,
// built from EVERY settlement of the day (each terminal's batches: the shared truth, whichever PC
// sent the payments) and from this PC's journal of the day (what only the journal knows: the tip,
// fee and tax on the fee of each payment, its hour and card brand, the voids and holds it made).
// Integer cents throughout; one set of rows feeds every figure: the store line is the settled
// terminals' lines added up, and the charts are drawn from the same payments as the "Total" of this
// PC's settled payments, so the screen, the paper and the CSV agree.
//
// "The day" is the store's local calendar day (midnight to midnight on this PC's clock, dayBounds):
// every Settle sent that day counts, and a payment belongs to the first Settle of its terminal sent
// after it; what came after a terminal's last Settle is in its still-open batch, in no settled figure.
// A terminal not settled that day adds nothing to any store figure: it is listed apart with what
// this PC recorded on it.

/** A Settle of the day as this PC's journal kept it. */
export interface DaySettlement {
  /** When the Settle was sent (its journal entry's time): the payments before it were in the batch it closed. */
  sentAt: string;
  result: SettleResult;
}

/** One terminal + merchant's day (a row of the report), as the Store or Batch screen has it at hand. */
export interface TerminalDay {
  name: string;
  tpn: string;
  /** The profile's MerchantNumber on a multi-merchant terminal (1–5); null when the profile has none. */
  merchantNumber: number | null;
  /** Every closed Settle of the day sent for this terminal + merchant, in any order; none: not settled. */
  settlements: readonly DaySettlement[];
  /** This PC's journal entries on this terminal + merchant for the day, in any order (Settles are ignored). */
  entries: readonly JournalEntryView[];
}

/**
 * A void, a hold, or a payment whose terminal figures do not add up ('figures', with the
 * problem, shared/spin/terminal-amounts.ts; its amount is what was asked): listed on the report,
 * never added to a total.
 */
export interface UncountedLine {
  kind: 'void' | 'hold' | 'figures';
  referenceId: string;
  at: string;
  amountCents: number;
  card: string;
  problem?: string;
}

/** How a line not counted is named on the screen, the print and the CSV alike. */
export function uncountedLabel(line: Pick<UncountedLine, 'kind' | 'problem'>, language: Language = currentLanguage()): string {
  const locale = { locale: language };
  if (line.kind !== 'figures') return line.kind === 'void' ? m.report_uncounted_void({}, locale) : m.report_uncounted_hold({}, locale);
  const why = (line.problem ?? '').replace(`${FIGURES_DO_NOT_ADD_UP}: `, '');
  return why ? m.report_uncounted_figures_why({ why }, locale) : m.report_uncounted_figures({}, locale);
}

/** What the terminals' own Settle answers closed, added up over the day's settlements. */
export interface BatchFigures {
  /** Transactions the batches closed (the settlements' counts); null when the terminal said none. */
  count: number | null;
  /** Sales, captures and cash withdrawals the batches closed, each at its charged total (fee and tax in it). */
  salesCents: number;
  /** Returns, negative: a column that adds up as it reads. */
  returnsCents: number;
  /** What the batches closed: sales + returns; the terminal's TotalAmount when it gave one. */
  netCents: number;
  /** Voided in the batches (the terminal's figure), not counted. */
  voidedCents: number;
}

/**
 * This PC's payments that the day's settlements closed, each at its final money (a tip adjustment's
 * new tip and fee; a voided payment not at all), signed (returns negative in every column):
 * amount + tips + fees + tax on fees = total. The charts are drawn from the same payments, so they
 * add up to totalCents.
 */
export interface PaymentFigures {
  payments: number;
  baseCents: number;
  tipsCents: number;
  feesCents: number;
  feeTaxCents: number;
  totalCents: number;
  /** totalCents per card brand and per hour of the day (0–23, local time). */
  byCardType: Map<string, number>;
  byHour: number[];
}

/** The figures of one terminal, or of the store (the settled terminals added up). */
export type DayFigures = BatchFigures & PaymentFigures;

/**
 * settled: every Settle of the day carried its totals. totals-unknown: settled, but a Settle's
 * answer was lost and the lookup that confirmed it carried no totals: not in the store line.
 * not-settled: this PC recorded payments on it and no Settle closed them. nothing-to-settle: no
 * Settle and no payment recorded that day.
 */
export type TerminalStatus = 'settled' | 'totals-unknown' | 'not-settled' | 'nothing-to-settle';

export interface TerminalReport extends DayFigures {
  /** Unique per row: the terminal and its merchant (two profiles may share a TPN). */
  key: string;
  name: string;
  tpn: string;
  merchantNumber: number | null;
  status: TerminalStatus;
  /** The day's settlements of this row, oldest first. */
  settlements: { referenceId: string; settledAt: string; recovered: boolean }[];
  /** This PC's approved money on a terminal left out of the store line (not settled, totals unknown). */
  recorded: { payments: number; totalCents: number };
  /** This PC's approved money after the last Settle of the day: the still-open batch. */
  open: { payments: number; totalCents: number };
  uncounted: UncountedLine[];
  /**
   * The closed batches' transactions this PC did not send (another register's), as each Settle read
   * them just before closing; null when not settled. A Settle that did not keep its list adds none
   * and sets notSentUnknown.
   */
  notSentHere: NotFromThisPc[] | null;
  /** Why notSentHere is not known: a Settle recovered by a lookup, or a batch not read before its close. */
  notSentUnknown: 'recovered' | 'not-read' | null;
}

export interface StoreReport {
  /** Every row: settled ones first in the order given, then the others. */
  terminals: TerminalReport[];
  /** The store line: the settled rows (status 'settled') added up, nothing else. */
  store: DayFigures;
  /** Rows in the store line, and the ones listed apart. */
  counted: TerminalReport[];
  totalsUnknown: TerminalReport[];
  notSettled: TerminalReport[];
  nothingToSettle: TerminalReport[];
}

/** A payment whose card brand was not said: a key of byCardType (named in the chosen language when shown). */
export const NO_CARD = 'Unknown card';

function approved(entry: JournalEntryView): boolean {
  return entry.state === 'approved' || entry.state === 'partial';
}

function hourOf(at: string): number {
  return new Date(at).getHours();
}

function cardOf(entry: JournalEntryView): string {
  return entry.outcome?.card?.brand || NO_CARD;
}

function emptyPayments(): PaymentFigures {
  return {
    payments: 0,
    baseCents: 0,
    tipsCents: 0,
    feesCents: 0,
    feeTaxCents: 0,
    totalCents: 0,
    byCardType: new Map(),
    byHour: Array.from({ length: 24 }, () => 0),
  };
}

const NO_BATCH: BatchFigures = { count: null, salesCents: 0, returnsCents: 0, netCents: 0, voidedCents: 0 };

/** A settlement's figures; null when its record carries no totals (an answer lost and recovered by a lookup). */
function batchFigures(result: SettleResult): BatchFigures | null {
  if (!result.details.some((detail) => detail.totals !== null)) return null;
  const totals = settledTotals(result);
  const salesCents = moneyIn(totals) ?? 0;
  const returnsCents = -(totals.ret ?? 0);
  return {
    count: totals.count,
    salesCents,
    returnsCents,
    netCents: totals.total ?? salesCents + returnsCents,
    voidedCents: totals.void ?? 0,
  };
}

/** One payment of the day by its reference: what it finally moved and when it was last touched. */
interface Payment {
  referenceId: string;
  /** The last approved entry's time: the Settle sent after it closed it. */
  lastAt: string;
  /** When the money moved (the sale or capture, not a later tip adjust): its hour on the chart. */
  at: string;
  card: string;
  sign: 1 | -1;
  /** Final money, unsigned: total = base + tip + fee + tax. */
  base: number;
  tip: number;
  fee: number;
  tax: number;
  total: number;
}

/**
 * The day's payments of one terminal from this PC's journal. A payment later voided moves nothing
 * (listed as a void); an uncaptured Auth is a hold (listed); a tip adjustment (same reference) is
 * the payment's final money, as the terminal answered it: its new tip, and its fee when the
 * program charges on the tip.
 */
function paymentsOf(entries: readonly JournalEntryView[]): { payments: Payment[]; uncounted: UncountedLine[] } {
  const ok = entries.filter((entry) => approved(entry) && entry.operation !== 'Settle');
  const ordered = [...ok].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const byReference = new Map<string, JournalEntryView[]>();
  for (const entry of ordered) byReference.set(entry.referenceId, [...(byReference.get(entry.referenceId) ?? []), entry]);
  const payments: Payment[] = [];
  const uncounted: UncountedLine[] = [];
  for (const [referenceId, uses] of byReference) {
    const line = (entry: JournalEntryView, kind: UncountedLine['kind']) => ({
      kind,
      referenceId,
      at: entry.outcome?.at ?? entry.createdAt,
      card: cardOf(entry),
      amountCents: moneyOfEntry(entry).totalCents ?? entry.amountCents,
    });
    const voids = uses.filter((use) => use.operation === 'Void');
    for (const entry of voids) uncounted.push(line(entry, 'void'));
    const moving = uses.find((use) => use.operation === 'Sale' || use.operation === 'Capture' || use.operation === 'Return');
    if (voids.length > 0) continue;
    // Figures the terminal sent that do not add up are never counted as if true: listed, with what is wrong.
    const flagged = uses.find((use) => use.outcome?.figuresProblem !== undefined);
    if (flagged) {
      const problem = flagged.outcome?.figuresProblem;
      uncounted.push({ ...line(flagged, 'figures'), amountCents: flagged.amountCents + flagged.tipCents, ...(problem ? { problem } : {}) });
      continue;
    }
    if (!moving) {
      const hold = uses.find((use) => use.operation === 'Auth');
      if (hold) uncounted.push(line(hold, 'hold'));
      continue;
    }
    // The last Sale/Capture/TipAdjust answer is the record as it finally stands.
    const final = [...uses].reverse().find((use) => use === moving || (use.operation === 'TipAdjust' && use.createdAt > moving.createdAt));
    const money = finalMoney(moving, final ?? moving);
    payments.push({
      referenceId,
      lastAt: uses.at(-1)!.createdAt,
      at: moving.outcome?.at ?? moving.createdAt,
      card: cardOf(moving),
      sign: moving.operation === 'Return' ? -1 : 1,
      ...money,
    });
  }
  return { payments, uncounted };
}

/** The money a payment finally moved: its last answer; a tip adjust the terminal answered without amounts keeps the rest. */
function finalMoney(moving: JournalEntryView, final: JournalEntryView): Pick<Payment, 'base' | 'tip' | 'fee' | 'tax' | 'total'> {
  const first = moneyOfEntry(moving);
  const last = moneyOfEntry(final);
  const tip = last.tipCents;
  const fee = last.totalCents === null ? first.feeCents : last.feeCents;
  const tax = last.totalCents === null ? first.taxCents : last.taxCents;
  const base = last.baseCents ?? first.baseCents ?? moving.amountCents;
  // The total as the terminal said it; the base is what is left of it, so the parts always add up.
  const total = last.totalCents ?? base + tip + fee + tax;
  return { base: total - tip - fee - tax, tip, fee, tax, total };
}

function addPayment(figures: PaymentFigures, payment: Payment): void {
  const signed = (cents: number) => payment.sign * cents || 0;
  figures.payments += 1;
  figures.baseCents += signed(payment.base);
  figures.tipsCents += signed(payment.tip);
  figures.feesCents += signed(payment.fee);
  figures.feeTaxCents += signed(payment.tax);
  figures.totalCents += signed(payment.total);
  figures.byCardType.set(payment.card, (figures.byCardType.get(payment.card) ?? 0) + signed(payment.total));
  const hour = hourOf(payment.at);
  figures.byHour[hour] = (figures.byHour[hour] ?? 0) + signed(payment.total);
}

function moneyOf(payments: readonly Payment[]): { payments: number; totalCents: number } {
  return { payments: payments.length, totalCents: payments.reduce((sum, payment) => sum + payment.sign * payment.total, 0) };
}

/** A row's key: its terminal and merchant (unique per row, for the screens' keyed lists). */
export function rowKey(tpn: string, merchantNumber: number | null): string {
  return `${tpn}#${merchantNumber ?? '-'}`;
}

export function terminalReport(day: TerminalDay): TerminalReport {
  const settlements = [...day.settlements].sort((a, b) => a.sentAt.localeCompare(b.sentAt));
  const { payments, uncounted } = paymentsOf(day.entries);
  const lastSent = settlements.at(-1)?.sentAt;
  // Closed by one of the day's Settles: made before the last one was sent; the rest is the open batch.
  const closed = lastSent === undefined ? [] : payments.filter((payment) => payment.lastAt <= lastSent);
  const open = lastSent === undefined ? payments : payments.filter((payment) => payment.lastAt > lastSent);
  const batches = settlements.map((settlement) => batchFigures(settlement.result));
  const status: TerminalStatus =
    settlements.length === 0
      ? payments.length === 0
        ? 'nothing-to-settle'
        : 'not-settled'
      : batches.every((figures) => figures !== null)
        ? 'settled'
        : 'totals-unknown';
  const paid = emptyPayments();
  if (status === 'settled') for (const payment of closed) addPayment(paid, payment);
  const batch = status === 'settled' ? addBatches(batches as BatchFigures[]) : NO_BATCH;
  const lists = settlements.map((settlement) => settlement.result.notFromThisPc ?? null);
  const unknownList = settlements.find((settlement) => !settlement.result.notFromThisPc);
  return {
    key: rowKey(day.tpn, day.merchantNumber),
    name: day.name,
    tpn: day.tpn,
    merchantNumber: day.merchantNumber,
    status,
    settlements: settlements.map(({ result }) => ({
      referenceId: result.referenceId,
      settledAt: result.settledAt,
      recovered: result.recovery !== undefined,
    })),
    ...batch,
    ...paid,
    recorded: status === 'settled' ? { payments: 0, totalCents: 0 } : moneyOf(status === 'not-settled' ? payments : closed),
    open: moneyOf(settlements.length === 0 ? [] : open),
    uncounted,
    notSentHere: settlements.length === 0 ? null : lists.flatMap((list) => list ?? []),
    notSentUnknown: unknownList ? (unknownList.result.recovery ? 'recovered' : 'not-read') : null,
  };
}

function addBatches(list: readonly BatchFigures[]): BatchFigures {
  const sum = (pick: (figures: BatchFigures) => number) => list.reduce((total, figures) => total + pick(figures), 0);
  return {
    count: list.reduce<number | null>((total, figures) => addCounts(total, figures.count), null),
    salesCents: sum((f) => f.salesCents),
    returnsCents: sum((f) => f.returnsCents),
    netCents: sum((f) => f.netCents),
    voidedCents: sum((f) => f.voidedCents),
  };
}

function addCounts(a: number | null, b: number | null): number | null {
  return a === null ? b : b === null ? a : a + b;
}

/** The terminals' figures added up, the same way for every column. */
export function addFigures(list: readonly DayFigures[]): DayFigures {
  const byCardType = new Map<string, number>();
  for (const figures of list) for (const [card, cents] of figures.byCardType) byCardType.set(card, (byCardType.get(card) ?? 0) + cents);
  const sum = (pick: (figures: DayFigures) => number) => list.reduce((total, figures) => total + pick(figures), 0);
  return {
    ...addBatches(list),
    payments: sum((f) => f.payments),
    baseCents: sum((f) => f.baseCents),
    tipsCents: sum((f) => f.tipsCents),
    feesCents: sum((f) => f.feesCents),
    feeTaxCents: sum((f) => f.feeTaxCents),
    totalCents: sum((f) => f.totalCents),
    byCardType,
    byHour: Array.from({ length: 24 }, (_, hour) => sum((f) => f.byHour[hour] ?? 0)),
  };
}

/**
 * The same settlement must not count twice: two profiles on one TPN (merchants 1 and 2) both see
 * it in the terminal's journal, and a terminal may answer two Settles with the record of one closed
 * batch. Kept once, by TPN + reference and by TPN + the batches it closed, for the first row given.
 */
function withoutRepeats(days: readonly TerminalDay[]): TerminalDay[] {
  const seen = new Set<string>();
  return days.map((day) => ({
    ...day,
    settlements: day.settlements.filter(({ result }) => {
      const batches = result.details
        .filter((detail) => detail.batchNumber !== '')
        .map((detail) => `${detail.merchantNumber ?? '-'}/${detail.application}/${detail.batchNumber}`)
        .sort()
        .join(',');
      const keys = [`ref|${day.tpn}|${result.referenceId}`, ...(batches ? [`batch|${day.tpn}|${batches}`] : [])];
      if (keys.some((key) => seen.has(key))) return false;
      for (const key of keys) seen.add(key);
      return true;
    }),
  }));
}

export function storeReport(days: readonly TerminalDay[]): StoreReport {
  const rows = withoutRepeats(days).map(terminalReport);
  const having = (status: TerminalStatus) => rows.filter((row) => row.status === status);
  const counted = having('settled');
  const totalsUnknown = having('totals-unknown');
  return {
    terminals: [...counted, ...totalsUnknown, ...having('not-settled'), ...having('nothing-to-settle')],
    store: addFigures(counted),
    counted,
    totalsUnknown,
    notSettled: having('not-settled'),
    nothingToSettle: having('nothing-to-settle'),
  };
}

/**
 * Every row of the day from the profiles and their terminals' journals: one row per terminal +
 * merchant (two profiles with the same both share a row, named by both); each entry goes to the row
 * of the profile that sent it, or to its terminal's first row when that profile is gone. `settlement`
 * gives the record of each closed Settle of the journal.
 */
export function daysOfProfiles(
  profiles: readonly { id: string; name: string; tpn: string; merchantNumber?: number | null | undefined }[],
  journal: readonly JournalEntryView[],
  settlement: (entry: JournalEntryView) => SettleResult | undefined,
): TerminalDay[] {
  const rows = new Map<
    string,
    { name: string[]; tpn: string; merchantNumber: number | null; settlements: DaySettlement[]; entries: JournalEntryView[] }
  >();
  const rowOfProfile = new Map<string, string>();
  const firstRowOfTpn = new Map<string, string>();
  for (const profile of profiles) {
    const merchantNumber = profile.merchantNumber ?? null;
    const key = rowKey(profile.tpn, merchantNumber);
    const row = rows.get(key) ?? { name: [], tpn: profile.tpn, merchantNumber, settlements: [], entries: [] };
    row.name.push(profile.name);
    rows.set(key, row);
    rowOfProfile.set(profile.id, key);
    if (!firstRowOfTpn.has(profile.tpn)) firstRowOfTpn.set(profile.tpn, key);
  }
  for (const entry of journal) {
    const key = rowOfProfile.get(entry.profileId) ?? firstRowOfTpn.get(entry.tpn);
    const row = key === undefined ? undefined : rows.get(key);
    if (!row || row.tpn !== entry.tpn) continue;
    if (entry.operation !== 'Settle') row.entries.push(entry);
    else if (approved(entry)) {
      const result = settlement(entry);
      if (result) row.settlements.push({ sentAt: entry.createdAt, result });
    }
  }
  return [...rows.values()].map((row) => ({ ...row, name: row.name.join(' / ') }));
}

/** "#12 OTHER1 Sale $4.25": one transaction this PC did not send, as the screen and the paper list it. */
export function notSentWords(item: NotFromThisPc): string {
  return [item.number ? `#${item.number}` : '', item.referenceId, item.transactionType, item.last4 ? `…${item.last4}` : '']
    .filter(Boolean)
    .join(' ');
}

/**
 * What the store report says of the transactions this PC did not send: each one with its terminal,
 * and the settled terminals for which it is not known (their list was not kept).
 */
export function notSentHere(report: StoreReport): { lines: (NotFromThisPc & { terminal: string })[]; unknown: TerminalReport[] } {
  return {
    lines: report.terminals.flatMap((terminal) => (terminal.notSentHere ?? []).map((item) => ({ ...item, terminal: terminal.name }))),
    unknown: report.terminals.filter((terminal) => terminal.notSentUnknown !== null),
  };
}

/** What the charts of these figures add up to, named as the table names it. */
export function chartSumWords(figures: PaymentFigures): string {
  return m.report_chart_sum({ amount: formatMoney(figures.totalCents) });
}

/** "$20", "-$5", "$1,200": a round value of the hour chart's amount scale (cents in). */
export function wholeDollars(cents: number): string {
  return `${cents < 0 ? '-' : ''}$${Math.round(Math.abs(cents) / 100).toLocaleString('en-US')}`;
}

/** The heading of the terminals listed apart: "today" when the report is of today. */
export function notSettledTitle(day: Date, now: Date = new Date()): string {
  return day.toDateString() === now.toDateString() ? m.report_not_settled_today() : m.report_not_settled_that_day();
}

/** "Lane 3: this PC recorded $3.00 (1 payment)": a terminal out of the store line and its money. */
export function recordedWords(terminal: TerminalReport): string {
  const { payments, totalCents } = terminal.recorded;
  const words = { terminal: terminal.name, amount: formatMoney(totalCents) };
  return payments === 1 ? m.report_recorded_one(words) : m.report_recorded_many({ ...words, count: formatNumber(payments) });
}

/** What came after a terminal's last Settle of the day: its open batch, in no settled figure. */
export function openWords(terminal: TerminalReport): string {
  const { payments, totalCents } = terminal.open;
  const words = { terminal: terminal.name, amount: formatMoney(totalCents) };
  return payments === 1 ? m.report_open_one(words) : m.report_open_many({ ...words, count: formatNumber(payments) });
}

/** Why a settled terminal's transactions from another register are not known. */
export function unknownWhy(terminal: TerminalReport): string {
  return terminal.notSentUnknown === 'recovered' ? m.report_unknown_recovered() : m.report_unknown_not_read();
}

/** Card types biggest first, for the chart and the paper (ties by name, so the order never flickers). */
export function cardTypesInOrder(figures: DayFigures): [string, number][] {
  return [...figures.byCardType].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/**
 * The hours worth drawing: the business day (8:00–18:00) widened to every hour with a payment, so
 * an early or late sale still shows and a quiet morning does not crowd the chart.
 */
export function hoursToDraw(figures: DayFigures): { label: string; value: number }[] {
  const active = figures.byHour.flatMap((cents, hour) => (cents !== 0 ? [hour] : []));
  const from = Math.min(8, ...active);
  const to = Math.max(18, ...active);
  return Array.from({ length: to - from + 1 }, (_, i) => ({
    label: String(from + i).padStart(2, '0'),
    value: figures.byHour[from + i] ?? 0,
  }));
}

/** Midnight starting the day of `date`, and the next one, in this PC's clock (a store's day is local). */
export function dayBounds(date: Date): { from: string; to: string } {
  const from = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  const to = new Date(date.getFullYear(), date.getMonth(), date.getDate() + 1);
  return { from: from.toISOString(), to: to.toISOString() };
}
