// Issue 41, items 2 and 3: printed reports in the chosen language. With Spanish chosen, the printed
// Summary, Daily and store report carry Spanish headings and sentences, their dates in the Spanish
// order (day first) and their money through Intl; the CSV beside them stays English (report-csv.test.ts).
import { render } from '@testing-library/svelte';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DailyReport, DailyRow, SummaryReport } from '@shared/ipc/report-views';
import { formatDateTime } from '@shared/i18n/format';
import { appLanguage } from '../../lib/i18n/language.svelte';
import { storeReport } from '../../lib/report/store-report';
import { summaryCsv } from '../../lib/report/report-csv';
import { totals } from '../../test-support/settlement-fixtures';
import PrintReport from './PrintReport.svelte';

const fetchedAt = '2026-01-31T12:05:09.000Z'; // Midday: the 31st in any time zone a store is in.
const header = { profileId: 'p1', tpn: 'Z8SIM0000001', fetchedAt };

const summary: SummaryReport = {
  ...header,
  applications: [{ merchantNumber: 1, application: 'Credit', totals: totals({ count: 2, sale: 123_456, ret: 300, total: 123_156 }) }],
  tipCents: 1_000,
  feeCents: 35,
  taxCents: 3,
};

const row: DailyRow = {
  number: '1',
  application: 'Credit',
  referenceId: 'SD1',
  cardType: 'Visa',
  transactionType: 'Void',
  last4: '1111',
  amountCents: 1_250,
};

const printedText = () => document.querySelector('.print-root')?.textContent?.replace(/\s+/g, ' ') ?? '';
// The app's own formatter, asked for Spanish: whatever the page shows in Spanish, the sheet must too.
const spanishDateTime = formatDateTime(fetchedAt, 'es-US');

beforeEach(() => appLanguage.show('es-US'));
afterEach(() => appLanguage.show('en'));

describe('printed reports in Spanish', { timeout: 15_000 }, () => {
  it('print the Summary in Spanish: headings, the total in its parts, the date day first, the CSV still English', () => {
    const { unmount } = render(PrintReport, { layout: 'a4', terminalName: 'Caja 1', summary });
    const text = printedText();
    expect(text).toContain('Resumen del lote');
    expect(text).toContain('Página 1 de 1');
    expect(text).toContain(`Lote abierto según el reporte del ${spanishDateTime}`);
    // Day first: 31/1/2026, never the English 1/31/2026.
    expect(spanishDateTime).toMatch(/^31\/1\/2026/);
    const headings = [...document.querySelectorAll('.print-root thead th')].map((th) => th.textContent?.trim());
    expect(headings).toEqual([
      'Aplicación',
      'Transacciones',
      'Ventas',
      'Capturas',
      'Retiros de efectivo',
      'Devoluciones',
      'Total',
      'Anulado (no contado)',
      'Retenciones abiertas (no contadas)',
      'Revertido (no contado)',
    ]);
    expect(text).toContain('Todas las aplicaciones');
    expect(text).toContain(
      'Total $1,231.56 = $1,221.18 montos antes de propina y cargo + $10.00 propinas + $0.35 cargos + $0.03 impuesto de cargos ' +
        '(propinas, cargos e impuesto de cargos de los pagos enviados desde esta PC).',
    );
    expect(text).toContain('-$3.00');
    unmount();
    // The file beside it keeps its machine format and English column names.
    expect(summaryCsv(summary, null).split('\n')[0]).toMatch(/Application.*Sales/);
  });

  it('print the Daily sheet in Spanish: its column line, a void not counted, the totals block', () => {
    const daily: DailyReport = {
      ...header,
      applications: [{ merchantNumber: 1, application: 'Credit', totalCents: 0, rowCount: 1 }],
      rows: [row],
    };
    const { unmount } = render(PrintReport, { layout: 'letter', terminalName: 'Caja 1', daily });
    const text = printedText();
    expect(text).toContain('Reporte diario');
    expect(document.querySelector('.print-mono-head')?.textContent).toMatch(
      /N\.º\s+Aplicación\s+Referencia\s+Tarjeta\s+Tipo\s+Últ\. 4\s+Monto\s+Contado en total/,
    );
    expect(document.querySelectorAll('.print-mono-line')[1]?.textContent).toMatch(/\$12\.50\s+no contado$/);
    expect(text).toContain('Totales');
    expect(text).toContain('Entradas');
    unmount();
  });

  it('print the store report in Spanish, its day in the Spanish order', () => {
    const day = new Date(2026, 0, 31);
    const report = storeReport([]);
    const { unmount } = render(PrintReport, { layout: 'a4', terminalName: '', store: { report, day } });
    const text = printedText();
    expect(text).toContain('Reporte de la tienda');
    expect(text).toContain('0 terminales');
    expect(text).toContain('Día 31/1/2026 (día calendario de la tienda): cada liquidación del día');
    expect(text).toContain('Pagos liquidados de esta PC: monto + propina + cargo + impuesto del cargo = total');
    expect(text).toContain('Tienda: ventas por hora');
    unmount();
  });
});
