// Issue 41: the manager's findings and the report refusals are worded in the language main speaks,
// with money in its format.
import { describe, expect, it } from 'vitest';
import type { DailyReport } from '@shared/ipc/report-views';
import { speakSpanishInEachTest } from '../../../tests/support/speak-spanish';
import { MemoryJournal } from '../journal/sqlite-journal';
import type { JournalEntry } from '../journal/records';
import { printUnsupported } from './print-unsupported';
import { reconcile } from './reconcile';
import { keptSettlement } from './settle';

speakSpanishInEachTest();

const TPN = 'ESRECON0001';
const AT = '2026-01-31T09:00:00.000Z';

/** A Sale of $15.00 plus a $3.00 tip, approved ($18.00 charged). */
const tippedSale: JournalEntry = {
  intent: {
    t: 'intent',
    id: 'i1',
    at: AT,
    op: 'Sale',
    ref: 'EST1',
    tpn: TPN,
    profileId: 'p1',
    amountCents: 1500,
    tipCents: 300,
    deadlineAt: AT,
  },
  createdMs: Date.parse(AT),
  position: 1,
  deadlineMs: Date.parse(AT),
  attempts: 0,
  outcome: { t: 'outcome', id: 'o1', at: AT, result: 'approved', statusCode: '0000', message: 'Approved' },
};

describe('reports in Spanish', () => {
  it('names a tip the batch leaves out in Spanish', () => {
    const daily: DailyReport = {
      profileId: 'p1',
      tpn: TPN,
      fetchedAt: AT,
      applications: [{ merchantNumber: 1, application: 'Credit', totalCents: null, rowCount: 1 }],
      rows: [
        {
          application: 'Credit',
          number: '1',
          referenceId: 'EST1',
          cardType: 'Visa',
          transactionType: 'Sale',
          last4: '0119',
          amountCents: 1500,
        },
      ],
    };
    expect(reconcile([tippedSale], daily, null).mismatches).toMatchObject([
      { kind: 'tip', explanation: 'El monto del lote no incluye la propina de $3.00 que envió esta PC.' },
    ]);
  });

  it('refuses a settlement it does not keep, and printing outside the desktop app, in Spanish', async () => {
    await expect(keptSettlement(new MemoryJournal(), { tpn: TPN, referenceId: 'ESNOPE' })).rejects.toMatchObject({
      detail: {
        code: 'NOT_FOUND',
        message: 'No hay ninguna liquidación con la referencia ESNOPE del TPN ESRECON0001 en el diario de esta PC.',
      },
    });
    await expect(printUnsupported()).rejects.toMatchObject({
      detail: {
        code: 'UNSUPPORTED',
        message: 'Imprimir con spin-desk requiere la aplicación de escritorio; use el cuadro de impresión del navegador.',
        remedy: 'Elija "Guardar como PDF" como impresora en el cuadro de impresión para guardar un PDF.',
      },
    });
  });
});
