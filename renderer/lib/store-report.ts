import type { JournalEntryView } from '@shared/ipc/journal-views';
import type { NotFromThisPc } from '@shared/ipc/reconciliation-views';
import { moneyOfEntry } from '@shared/ipc/money-model';
import type { ReportTotals, SettleResult } from '@shared/ipc/report-views';
import { moneyIn, settledTotals } from './settlement-totals';

// The store's end-of-day report (issue 27): one block per terminal and the store's total, built
// from what each terminal's settlement closed (its batch: the shared truth, whichever PC sent the
// payments) and from this PC's journal of the day (what only the journal knows: the tip and fee
// of each payment, its hour and card brand, the voids and holds it made). Integer cents throughout;
// the store line is the terminals' lines added up, so the paper, the screen and the CSV agree.

/** One terminal's day, as the Store screen or the Batch screen has it at hand. */
export interface TerminalDay {
  name: string;
  tpn: string;
  /** The profile's MerchantNumber on a multi-merchant terminal (1–5); null when the profile has none. */
  merchantNumber: number | null;
  /** The settlement that closed the day's batch; null when the terminal was not settled (its line says so). */
  settlement: SettleResult | null;
  /** This PC's journal entries on this terminal for the day, in any order. */
  entries: readonly JournalEntryView[];
}

/** A void or a hold: listed on the report, never added to a total. */
export interface UncountedLine {
  kind: 'void' | 'hold';
  referenceId: string;
  at: string;
  amountCents: number;
  card: string;
}

/** The figures of one terminal, or of the store (the terminals added up). */
export interface DayFigures {
  /** Transactions the batch closed (the settlement's count); null when the terminal said none. */
  count: number | null;
  /** Sales, captures and cash withdrawals the batch closed. */
  salesCents: number;
  /** Returns, negative: a column that adds up as it reads. */
  returnsCents: number;
  /** What the batch closed: sales + returns; the terminal's TotalAmount when it gave one. */
  netCents: number;
  /** Voided in the batch (the terminal's figure), not counted. */
  voidedCents: number;
  /** Tips and fees of this PC's approved payments (already inside sales: shown, not added again). */
  tipsCents: number;
  feesCents: number;
  /** Counted money of this PC's payments per card brand and per hour of the day (0–23, local time). */
  byCardType: Map<string, number>;
  byHour: number[];
}

export interface TerminalReport extends DayFigures {
  name: string;
  tpn: string;
  merchantNumber: number | null;
  settled: boolean;
  /** The settlement's reference and time, for the paper and the CSV; '' when not settled. */
  settlementRef: string;
  settledAt: string;
  uncounted: UncountedLine[];
  /**
   * The closed batch's transactions this PC did not send (another register's), as the Settle read
   * them just before closing; null when unknown (not settled, or the batch was not read first).
   */
  notSentHere: NotFromThisPc[] | null;
}

export interface StoreReport {
  terminals: TerminalReport[];
  store: DayFigures;
  /** Terminals left out of the totals because no settlement closed their day. */
  unsettled: string[];
}

const NO_CARD = 'Unknown card';

function approved(entry: JournalEntryView): boolean {
  return entry.state === 'approved' || entry.state === 'partial';
}

function hourOf(entry: JournalEntryView): number {
  return new Date(entry.outcome?.at ?? entry.createdAt).getHours();
}

function cardOf(entry: JournalEntryView): string {
  return entry.outcome?.card?.brand || NO_CARD;
}

/** The settlement's figures as a day's totals (nothing closed: zeros, so it adds nothing to the store). */
function batchFigures(totals: ReportTotals | null) {
  if (!totals) return { count: null, salesCents: 0, returnsCents: 0, netCents: 0, voidedCents: 0 };
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

/**
 * What this PC's journal says of the day. A payment later voided moves nothing, so it is left out
 * of the hours, the card types, the tips and the fees; a tip adjustment (same reference) replaces
 * the tip of the payment it adjusted; an Auth that was captured is no hold (its Capture counts).
 */
function journalFigures(entries: readonly JournalEntryView[]) {
  const ok = entries.filter(approved);
  const voided = new Set(ok.filter((entry) => entry.operation === 'Void').map((entry) => entry.referenceId));
  const captured = new Set(ok.filter((entry) => entry.operation === 'Capture').map((entry) => entry.referenceId));
  const tips = new Map<string, number>();
  const byCardType = new Map<string, number>();
  const byHour = Array.from({ length: 24 }, () => 0);
  let feesCents = 0;
  const uncounted: UncountedLine[] = [];
  const ordered = [...ok].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  for (const entry of ordered) {
    const money = moneyOfEntry(entry);
    const line = { referenceId: entry.referenceId, at: entry.outcome?.at ?? entry.createdAt, card: cardOf(entry) };
    if (entry.operation === 'Void') uncounted.push({ kind: 'void', amountCents: money.totalCents ?? entry.amountCents, ...line });
    if (entry.operation === 'Auth' && !captured.has(entry.referenceId) && !voided.has(entry.referenceId))
      uncounted.push({ kind: 'hold', amountCents: money.totalCents ?? entry.amountCents, ...line });
    if (voided.has(entry.referenceId)) continue;
    if (entry.operation === 'TipAdjust' || entry.operation === 'Sale' || entry.operation === 'Capture')
      tips.set(entry.referenceId, money.tipCents);
    const sign = entry.operation === 'Return' ? -1 : entry.operation === 'Sale' || entry.operation === 'Capture' ? 1 : 0;
    if (sign === 0) continue;
    // The amount with its tip, as the batch counts a sale (the fee and tax are the terminal's own lines).
    const counted = sign * ((money.baseCents ?? entry.amountCents) + money.tipCents);
    feesCents += sign * money.feeCents;
    byCardType.set(cardOf(entry), (byCardType.get(cardOf(entry)) ?? 0) + counted);
    byHour[hourOf(entry)] = (byHour[hourOf(entry)] ?? 0) + counted;
  }
  const tipsCents = [...tips.values()].reduce((sum, tip) => sum + tip, 0);
  return { tipsCents, feesCents, byCardType, byHour, uncounted };
}

export function terminalReport(day: TerminalDay): TerminalReport {
  const { uncounted, ...journal } = journalFigures(day.entries);
  return {
    name: day.name,
    tpn: day.tpn,
    merchantNumber: day.merchantNumber,
    settled: day.settlement !== null,
    settlementRef: day.settlement?.referenceId ?? '',
    settledAt: day.settlement?.settledAt ?? '',
    ...batchFigures(day.settlement ? settledTotals(day.settlement) : null),
    ...journal,
    uncounted,
    notSentHere: day.settlement?.notFromThisPc ?? null,
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
    count: list.reduce<number | null>((total, figures) => addCounts(total, figures.count), null),
    salesCents: sum((f) => f.salesCents),
    returnsCents: sum((f) => f.returnsCents),
    netCents: sum((f) => f.netCents),
    voidedCents: sum((f) => f.voidedCents),
    tipsCents: sum((f) => f.tipsCents),
    feesCents: sum((f) => f.feesCents),
    byCardType,
    byHour: Array.from({ length: 24 }, (_, hour) => sum((f) => f.byHour[hour] ?? 0)),
  };
}

export function storeReport(days: readonly TerminalDay[]): StoreReport {
  const terminals = days.map(terminalReport);
  return {
    terminals,
    store: addFigures(terminals),
    unsettled: terminals.filter((terminal) => !terminal.settled).map((terminal) => terminal.name),
  };
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
export function notSentHere(report: StoreReport): { lines: (NotFromThisPc & { terminal: string })[]; unknown: string[] } {
  return {
    lines: report.terminals.flatMap((terminal) => (terminal.notSentHere ?? []).map((item) => ({ ...item, terminal: terminal.name }))),
    unknown: report.terminals.filter((terminal) => terminal.settled && terminal.notSentHere === null).map((terminal) => terminal.name),
  };
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
