// One money model on every surface (issue 25, items 1 and 4), through the real browser host and its
// demo terminal (the real simulator in process): a Sale of $12.34 with a $2.00 tip, its tip adjusted
// to $3.50, a voided sale and a return, then Settle. The result card's figures, the terminal's record
// (Transactions), History's list and detail words and the CSV all say base 12.34, tip 3.50, total
// 15.84; the CSV's columns add up to what History's Settle row says it closed.
import { describe, expect, it } from 'vitest';
import type { JournalCsv, JournalEntryView, JournalPage } from '@shared/ipc/journal-views';
import { moneyOfRecord } from '@shared/ipc/money-model';
import type { TransactionView } from '@shared/ipc/payment-views';
import type { PaymentResult } from '@shared/ipc/payment-result-views';
import { entryFacts } from '../../renderer/screens/history/entry-facts';
import { amountWords, partsWords } from '../../renderer/screens/history/settled-words';
import { browserHosts, call, started, type Host } from '../support/browser-host';

/** The CSV's rows as records by column name (no cell of these rows holds a comma or a quote). */
function csvRecords(csv: string): Record<string, string>[] {
  const [head = '', ...rows] = csv.trim().split('\r\n');
  const columns = head.split(',');
  return rows.map((row) => Object.fromEntries(row.split(',').map((cell, index) => [columns[index], cell])));
}

async function data<T>(host: Host, channel: string, input: unknown): Promise<T> {
  const answer = await call(host, channel, input);
  expect(answer, channel).toMatchObject({ ok: true });
  return answer.data as unknown as T;
}

const cents = (cell: string | undefined) => (cell ? Math.round(Number(cell) * 100) : 0);

describe('one money model: card, Transactions, History and CSV agree, and the CSV adds up', () => {
  const hosts = browserHosts();
  let dataDir = '';

  it('a $12.34 sale with a $2.00 tip, adjusted to $3.50, reads 12.34 + 3.50 = 15.84 everywhere', async () => {
    dataDir = hosts.folder('money-model-');
    const host = started(await hosts.start(dataDir));
    // Close whatever the demo terminal's batch held before, so the next Settle closes only ours.
    await call(host, 'batch:settle', { referenceId: 'MONEYPRESETTLE' });

    const sale = await data<PaymentResult>(host, 'payments:sale', { referenceId: 'MONEYSALE1', amountCents: 1234, tipCents: 200 });
    expect(sale.outcome).toBe('approved');
    expect(moneyOfRecord(sale.amounts)).toMatchObject({ baseCents: 1234, tipCents: 200, totalCents: 1434 });

    const adjust = await data<PaymentResult>(host, 'payments:tipAdjust', {
      referenceId: 'MONEYSALE1',
      tipCents: 350,
      amountCents: 1434,
      paymentType: 'Credit',
    });
    expect(adjust.outcome).toBe('approved');
    expect(moneyOfRecord(adjust.amounts)).toMatchObject({ baseCents: 1234, tipCents: 350, totalCents: 1584 });

    // Transactions: the terminal's record of the sale now.
    const record = await data<TransactionView>(host, 'transactions:status', { paymentType: 'Credit', referenceId: 'MONEYSALE1' });
    expect(moneyOfRecord(record.amounts)).toMatchObject({ baseCents: 1234, tipCents: 350, totalCents: 1584 });

    // A sale voided, and a return: money back, negative on screen and in the CSV.
    await data<PaymentResult>(host, 'payments:sale', { referenceId: 'MONEYSALE2', amountCents: 2000 });
    expect(
      (await data<PaymentResult>(host, 'payments:void', { referenceId: 'MONEYSALE2', amountCents: 2000, paymentType: 'Credit' })).outcome,
    ).toBe('approved');
    expect((await data<PaymentResult>(host, 'payments:return', { referenceId: 'MONEYRETURN1', amountCents: 500 })).outcome).toBe(
      'approved',
    );
    const settle = await call(host, 'batch:settle', { referenceId: 'MONEYSETTLE1' });
    expect(settle).toMatchObject({ ok: true });

    // History's words, as its list and detail panel show them.
    const entries = (await data<JournalPage>(host, 'journal:list', {})).entries;
    const find = (operation: string, referenceId: string): JournalEntryView => {
      const found = entries.find((entry) => entry.operation === operation && entry.referenceId === referenceId);
      if (!found) throw new Error(`no ${operation} ${referenceId} in History`);
      return found;
    };
    const adjusted = find('TipAdjust', 'MONEYSALE1');
    expect([amountWords(adjusted), partsWords(adjusted)]).toEqual(['$15.84', '$12.34 + $3.50 tip']);
    expect(entryFacts(adjusted, 'Demo')).toEqual(
      expect.arrayContaining([
        ['Amount', '$12.34'],
        ['Tip', '$3.50'],
        ['Total', '$15.84'],
      ]),
    );
    const first = find('Sale', 'MONEYSALE1');
    expect([amountWords(first), partsWords(first)]).toEqual(['$14.34', '$12.34 + $2.00 tip']);
    expect(amountWords(find('Void', 'MONEYSALE2'))).toBe('-$20.00');
    expect(amountWords(find('Return', 'MONEYRETURN1'))).toBe('-$5.00');
    const settled = find('Settle', 'MONEYSETTLE1');
    const settledTotal = settled.outcome?.settled?.totalCents;
    const settledCount = settled.outcome?.settled?.count;
    expect(settledTotal).toBe(1584 - 500);
    expect(amountWords(settled)).toBe(`$10.84 · ${settledCount} transactions`);

    // The CSV: signed, the tip adjustment's change only, the Settle row with its total and count.
    const csv = csvRecords((await data<JournalCsv>(host, 'journal:exportCsv', {})).csv);
    const row = (operation: string, referenceId: string) => csv.find((r) => r.operation === operation && r.reference_id === referenceId);
    expect(row('Sale', 'MONEYSALE1')).toMatchObject({ amount: '12.34', tip: '2.00', total: '14.34', charged: '14.34' });
    expect(row('TipAdjust', 'MONEYSALE1')).toMatchObject({ amount: '12.34', tip: '3.50', total: '15.84', charged: '1.50' });
    expect(row('Void', 'MONEYSALE2')).toMatchObject({ amount: '-20.00', total: '-20.00', charged: '-20.00' });
    expect(row('Return', 'MONEYRETURN1')).toMatchObject({ amount: '-5.00', total: '-5.00', charged: '-5.00' });
    expect(row('Settle', 'MONEYSETTLE1')).toMatchObject({ settled_total: '10.84', settled_count: String(settledCount) });

    // The column sum of what this batch moved is what the screen says the Settle closed.
    const batch = csv.filter((r) => r.reference_id?.startsWith('MONEY') && r.operation !== 'Settle');
    expect(batch.reduce((sum, r) => sum + cents(r.charged), 0)).toBe(settledTotal);
  }, 60_000);
});
