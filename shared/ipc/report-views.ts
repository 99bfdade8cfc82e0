import { z } from 'zod';
import * as m from '../i18n/paraglide/messages/_index.js';
import { rule, ruleWords } from '../spin/rule-words';
import { readyColumn } from '../ready-rows';
import { SettlementType } from '../spin/enums';
import { NotFromThisPc } from './reconciliation-views';
import { reportHeaderFields } from './report-header';
import { answerWordsFields, RecoveryNote, ReferenceId } from './payment-result-views';

// Batch reports (Summary, Daily), settlement and printing as the renderer sees them. Money is
// integer cents; a total the terminal left out is null (shown as a dash, never as $0.00).

const Cents = z.number().int(rule.wholeCents());

export const ReportInput = z.strictObject({
  /** Defaults to the active terminal. */
  profileId: z.string().min(1, rule.notEmpty()).optional(),
});
export type ReportInput = z.input<typeof ReportInput>;

/** One application's figures, as Summary and Settle report them (TransactionsSummaryReports / TransactionsReports). */
export const ReportTotals = z.object({
  count: z.number().int().nullable(),
  sale: Cents.nullable(),
  ret: Cents.nullable(),
  void: Cents.nullable(),
  auth: Cents.nullable(),
  ticket: Cents.nullable(),
  reversal: Cents.nullable(),
  cashAdvance: Cents.nullable(),
  total: Cents.nullable(),
});
export type ReportTotals = z.infer<typeof ReportTotals>;

export const SummaryApplication = z.object({
  merchantNumber: z.number().int().nullable(),
  application: z.string(),
  totals: ReportTotals,
});
export type SummaryApplication = z.infer<typeof SummaryApplication>;

export const SummaryReport = z.object({
  ...reportHeaderFields,
  applications: z.array(SummaryApplication),
  /**
   * The fees in these totals of the charges sent from this PC (their answers' FeeAmount, from the
   * journal): Summary itself reports none, by application or at all. Absent when none is known.
   */
  feeCents: Cents.optional(),
  /** The tax on those fees (their answers' TaxAmount); present with feeCents. */
  taxCents: Cents.optional(),
  /** The tips in these totals of the charges sent from this PC (their answers' TipAmount); absent when none. */
  tipCents: Cents.optional(),
  /**
   * Charges of this PC whose answers' figures do not add up (shared/spin/terminal-amounts.ts): left
   * out of feeCents, taxCents and tipCents, each with what is wrong. Absent when none.
   */
  figuresLeftOut: z.array(z.object({ referenceId: z.string(), problem: z.string() })).optional(),
});
export type SummaryReport = z.infer<typeof SummaryReport>;

/** One transaction of the Daily report. Card data never beyond the last 4 digits. */
export const DailyRow = z.object({
  application: z.string(),
  number: z.string(),
  referenceId: z.string(),
  cardType: z.string(),
  transactionType: z.string(),
  last4: z.string().max(4),
  amountCents: Cents.nullable(),
  /**
   * The fee in the amount (FeeAmount of the answer), from this PC's journal: the report itself has
   * none. Absent for a row this PC did not send or whose answer named no fee.
   */
  feeCents: Cents.optional(),
  /** The tax on that fee (TaxAmount of the answer), from this PC's journal; absent when none or not known. */
  taxCents: Cents.optional(),
  /** The tip in the amount (TipAmount of the answer, the adjusted one after a tip adjust), from this PC's journal; absent when none or not known. */
  tipCents: Cents.optional(),
  /** This PC's answer for the row has figures that do not add up: its fee, tax and tip are not known (terminal-amounts.ts). */
  figuresProblem: z.string().optional(),
});
export type DailyRow = z.infer<typeof DailyRow>;

export const DailyApplication = z.object({
  merchantNumber: z.number().int().nullable(),
  application: z.string(),
  /** The terminal's own TotalAmount for this application. */
  totalCents: Cents.nullable(),
  rowCount: z.number().int(),
});
export type DailyApplication = z.infer<typeof DailyApplication>;

/** Rows of every application in the terminal's order, flat, so one table can show them all. */
export const DailyReport = z.object({
  ...reportHeaderFields,
  applications: z.array(DailyApplication),
  rows: z.array(DailyRow),
  /**
   * ReferenceIds of the Auth rows this PC has captured since (its journal links them; the rows do
   * not): such an Auth is no open hold, its Capture row carries the money.
   */
  capturedAuths: z.array(z.string()).optional(),
});
export type DailyReport = z.infer<typeof DailyReport>;

/**
 * Daily's rows as reports:daily carries them to the page: one list per field of DailyRow, row i
 * being the i-th entry of every list (shared/ipc/daily-columns.ts packs and unpacks them). A field
 * a row leaves out is null in its list; a list no row needs is left out. Each list is read in one
 * loop when every entry is already right (readyColumn), by zod otherwise.
 */
export const DailyColumns = z
  .object({
    application: readyColumn(DailyRow.shape.application),
    number: readyColumn(DailyRow.shape.number),
    referenceId: readyColumn(DailyRow.shape.referenceId),
    cardType: readyColumn(DailyRow.shape.cardType),
    transactionType: readyColumn(DailyRow.shape.transactionType),
    last4: readyColumn(DailyRow.shape.last4),
    amountCents: readyColumn(DailyRow.shape.amountCents),
    feeCents: readyColumn(Cents.nullable()).optional(),
    taxCents: readyColumn(Cents.nullable()).optional(),
    tipCents: readyColumn(Cents.nullable()).optional(),
    figuresProblem: readyColumn(z.string().nullable()).optional(),
  })
  .refine(
    (columns) => Object.values(columns).every((list) => list === undefined || list.length === columns.referenceId.length),
    ruleWords(() => m.rule_columns_one_entry_per_row()),
  );
export type DailyColumns = z.infer<typeof DailyColumns>;

/** DailyReport as the reports:daily channel carries it: its rows as columns (half the JSON of 10,000 row objects). */
export const DailyReportSent = DailyReport.omit({ rows: true }).extend({ columns: DailyColumns });
export type DailyReportSent = z.infer<typeof DailyReportSent>;

export const SettleInput = z.strictObject({
  profileId: z.string().min(1, rule.notEmpty()).optional(),
  /** A new one per attempt: the journal refuses a reference that was already used. */
  referenceId: ReferenceId,
  /** Close sends the batch to the processor; Clear and Force are for a stuck batch. */
  settlementType: z._default(SettlementType, 'Close'),
});
export type SettleInput = z.input<typeof SettleInput>;

/**
 * settled: every application closed (0000). partial: some did (0001). nothing-to-settle: 1020, no
 * open batch. not-settled: refused or declined; the batch is still open.
 */
export const SettleOutcome = z.enum(['settled', 'partial', 'nothing-to-settle', 'not-settled']);
export type SettleOutcome = z.infer<typeof SettleOutcome>;

export const SettleDetail = z.object({
  merchantNumber: z.number().int().nullable(),
  merchantName: z.string(),
  application: z.string(),
  batchNumber: z.string(),
  hostStatus: z.string(),
  detailedMessage: z.string(),
  totals: ReportTotals.nullable(),
  /** The terminal's settlement receipt for this application, in its printer markup (docs/PROTOCOL.md §11); '' when none. */
  receipt: z.string(),
});
export type SettleDetail = z.infer<typeof SettleDetail>;

export const SettleResult = z.object({
  outcome: SettleOutcome,
  ...answerWordsFields,
  referenceId: z.string(),
  settlementType: SettlementType,
  /** The terminal that was settled and when its answer was journaled (ISO 8601). */
  tpn: z.string(),
  settledAt: z.string(),
  details: z.array(SettleDetail),
  /** Present when the answer was lost and the close was confirmed by a Status lookup. */
  recovery: z.optional(RecoveryNote),
  /**
   * Whether the details' totals are what was closed. false: the batch was closed (a lookup showed
   * it) but neither the lost answer nor a read of the batch just before the close gave its totals:
   * "settled, totals not known", never $0.00. Absent on a settlement that closed nothing, and on
   * settlements journaled before this field (their answer carried the totals).
   */
  totalsKnown: z.boolean().optional(),
  /**
   * Where the totals come from when the answer was lost: the open batch read (Daily) just before the
   * close, per application its count and the terminal's own total. Absent when the answer gave them.
   */
  totalsFrom: z.enum(['batch-read-before-close']).optional(),
  /**
   * The transactions of the closed batch this PC did not send (another register's), as the batch
   * listed them just before the close: a closed batch can no longer be read. Absent when that
   * list was not read (the batch could not be read, or the close was learned from a lookup).
   */
  notFromThisPc: z.array(NotFromThisPc).optional(),
});
export type SettleResult = z.infer<typeof SettleResult>;

/** A settlement kept in the journal, for History's reprint: named by its terminal and reference. */
export const SettlementInput = z.strictObject({
  tpn: z.string().min(1, rule.notEmpty()).max(64, rule.atMostChars(64)),
  referenceId: ReferenceId,
});
export type SettlementInput = z.input<typeof SettlementInput>;

/** Paper the print layout is made for: A4, US Letter, or an 80 mm receipt roll. */
export const PrintLayout = z.enum(['a4', 'letter', 'receipt80']);
export type PrintLayout = z.infer<typeof PrintLayout>;

export const PrintInput = z.strictObject({ layout: PrintLayout });
export const PrintOutput = z.object({ printed: z.boolean() });

export const SavePdfInput = z.strictObject({
  layout: PrintLayout,
  /** The name offered in the save dialog; the user picks the folder. */
  fileName: z
    .string()
    .max(120, rule.atMostChars(120))
    .regex(
      /^[\w][\w .-]*\.pdf$/,
      ruleWords(() => m.rule_pdf_file_name()),
    ),
});
export const SavePdfOutput = z.object({ saved: z.boolean(), path: z.string().optional() });
