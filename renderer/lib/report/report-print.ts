import type { PrintLayout } from '@shared/ipc/report-views';
import type { Language } from '@shared/i18n/languages';
import { m } from '../i18n/messages';

// The print layouts. Every printed line is exactly one row high (a fixed height in millimetres,
// text cut with an ellipsis rather than wrapped), so how many rows fit on a sheet is arithmetic,
// not a guess: the layout cuts the Daily report into sheets of `rowsPerSheet` rows, each with its
// own heading and column header, and the browser starts a new page after each sheet.

/** The class on <html> while a report's print layout is mounted: report-print.css prints only that layout then. */
export const REPORT_PRINTING = 'report-printing';

export interface PaperLayout {
  id: PrintLayout;
  /** Its name in the chosen language ("A4", "US Letter"). */
  label: () => string;
  /** The @page name in the print CSS (PrintReport.svelte), which sets the paper size. */
  pageName: string;
  widthMm: number;
  heightMm: number;
  marginMm: number;
  /** Height of the heading on every sheet (title, terminal, page n of m). */
  headMm: number;
  /** Height of one printed line; a receipt line holds two text lines. */
  rowMm: number;
  fontPt: number;
  /** Room left unused at the foot of each sheet, so rounding never pushes a row onto a new page. */
  slackMm: number;
}

export const PAPER_LAYOUTS: Record<PrintLayout, PaperLayout> = {
  a4: {
    id: 'a4',
    label: m.report_paper_a4,
    pageName: 'spin-a4',
    widthMm: 210,
    heightMm: 297,
    marginMm: 12,
    headMm: 16,
    rowMm: 5,
    fontPt: 8.5,
    slackMm: 4,
  },
  letter: {
    id: 'letter',
    label: m.report_paper_letter,
    pageName: 'spin-letter',
    widthMm: 215.9,
    heightMm: 279.4,
    marginMm: 12,
    headMm: 16,
    rowMm: 5,
    fontPt: 8.5,
    slackMm: 4,
  },
  receipt80: {
    id: 'receipt80',
    label: m.report_paper_receipt,
    pageName: 'spin-receipt80',
    widthMm: 80,
    heightMm: 297,
    marginMm: 3,
    headMm: 18,
    rowMm: 8,
    fontPt: 7.5,
    slackMm: 4,
  },
};

/** The paper choices, named in the chosen language. */
export function layoutOptions(): { value: PrintLayout; label: string }[] {
  return Object.values(PAPER_LAYOUTS).map(({ id, label }) => ({ value: id, label: label() }));
}

/** Printed lines per sheet, the column header line included. */
export function linesPerSheet(layout: PaperLayout): number {
  return Math.floor((layout.heightMm - 2 * layout.marginMm - layout.headMm - layout.slackMm) / layout.rowMm);
}

/** Transaction rows per sheet: every sheet repeats the column header. */
export function rowsPerSheet(layout: PaperLayout): number {
  return linesPerSheet(layout) - 1;
}

/** Lines the totals block takes: its title, its column header, one per application, the grand total, the warnings. */
export function totalsLines(applications: number, mismatches: number): number {
  return 3 + applications + (mismatches > 0 ? mismatches + 1 : 0);
}

export interface Sheet {
  /** Index of the first row and how many rows this sheet prints. */
  from: number;
  count: number;
  /** The totals block goes on this sheet (the last one). */
  totals: boolean;
}

/**
 * Cuts `rowCount` rows into sheets. The totals go under the last rows when they fit there, else on
 * a sheet of their own; an empty report is one sheet with the totals.
 */
export function paginate(rowCount: number, layout: PaperLayout, totalsLineCount: number): Sheet[] {
  const perSheet = rowsPerSheet(layout);
  const sheets: Sheet[] = [];
  for (let from = 0; from < rowCount; from += perSheet) sheets.push({ from, count: Math.min(perSheet, rowCount - from), totals: false });
  const last = sheets.at(-1);
  // Without rows the sheet has no column header line either.
  const room = last ? linesPerSheet(layout) - 1 - last.count : linesPerSheet(layout);
  if (last && totalsLineCount <= room) last.totals = true;
  else sheets.push({ from: rowCount, count: 0, totals: true });
  return sheets;
}

/**
 * Longest text each printed column takes before it is cut with "…". Cells are not clipped by CSS
 * (overflow: hidden on 70,000 cells makes Chromium's PDF output about four times slower), so the
 * text is cut here to what fits the column at the layout's font size.
 */
// Sized for capitals (about 2 mm each at 8.5 pt), the widest common letters in these fields.
export const PRINT_CHARS = { number: 6, application: 9, reference: 25, card: 10, type: 8, receiptLine: 25 } as const;

export function fit(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * The Daily report's transaction lines on A4 and Letter: one line of monospaced text per row, the
 * columns made of spaces. Chromium's PDF output costs about as much per separate piece of text as
 * per row, so eight table cells a row made a 10,000-row report (80,000 pieces) take three to four
 * times as long to print as one text a row (BENCHMARKS.md, "Daily report PDF"). In a monospaced
 * font every character is as wide as the next, so the columns still line up exactly.
 * 100 characters at 8.5 pt (0.6 em each) are 180 mm: inside A4's 186 mm between the margins.
 */
export interface DailyLineRow {
  number: string;
  application: string;
  referenceId: string;
  cardType: string;
  transactionType: string;
  last4: string;
  /** Already formatted: the amount as shown, and what it adds to the total (or why it adds nothing). */
  amount: string;
  counted: string;
}

interface DailyColumn {
  key: keyof DailyLineRow;
  heading: (inputs?: object, options?: { locale?: Language }) => string;
  chars: number;
  /** Figures line up on the right, as in the on-screen table. */
  alignEnd?: boolean;
}

export const DAILY_LINE_COLUMNS: readonly DailyColumn[] = [
  { key: 'number', heading: m.report_col_no, chars: PRINT_CHARS.number, alignEnd: true },
  { key: 'application', heading: m.report_col_application, chars: 11 },
  { key: 'referenceId', heading: m.report_col_reference, chars: 23 },
  { key: 'cardType', heading: m.report_col_card, chars: PRINT_CHARS.card },
  { key: 'transactionType', heading: m.report_col_type, chars: PRINT_CHARS.type },
  { key: 'last4', heading: m.report_col_last4, chars: 6 },
  { key: 'amount', heading: m.report_col_amount, chars: 13, alignEnd: true },
  { key: 'counted', heading: m.report_col_counted_in_total, chars: 16, alignEnd: true },
];

function column(text: string, { chars, alignEnd }: DailyColumn): string {
  const cut = fit(text, chars);
  return alignEnd ? cut.padStart(chars) : cut.padEnd(chars);
}

/** One printed transaction line: every column cut or padded to its width, one space between. */
export function dailyLine(row: DailyLineRow): string {
  return DAILY_LINE_COLUMNS.map((c) => column(row[c.key], c))
    .join(' ')
    .trimEnd();
}

/** The column header line above each sheet's transaction lines, in the chosen language (each heading fits its column). */
export function dailyHeaderLine(language?: Language): string {
  return DAILY_LINE_COLUMNS.map((c) => column(c.heading({}, language ? { locale: language } : {}), c)).join(' ');
}

/** The English header line, whose widths the tests measure the transaction lines against. */
export const DAILY_HEADER_LINE = dailyHeaderLine('en');
