// Lost answers against a scripted, imperfect SPIn service on loopback: what recovery concludes
// from busy lookups, 2009, a 2007 with the terminal still working, 429, a redirect and the user's
// Stop. A Sale is never sent twice; a decline is never read into a busy answer.
import { describe, expect, it } from 'vitest';
import { responseExamples } from '../support/spin-examples';
import { MemoryJournal } from '../../electron/services/journal/sqlite-journal';
import { runSale } from '../../electron/services/payments/sale';
import { fakeProfiles, fastDeps, saleForm } from '../support/money-move-kit';
import { general, json, redirect, resetAfterBody, stall, scriptedServicePair, type Reply } from '../support/scripted-service';
import { allEntries } from '../support/journal-entries';

const hosts = scriptedServicePair();

/** The approved Sale record of `ref` for `cents`, as Status returns it. */
const approvedRecord = (ref: string, cents: number) => ({
  ...responseExamples.Sale,
  ReferenceId: ref,
  Amounts: { TotalAmount: cents / 100, Amount: cents / 100, TipAmount: 0 },
});

const idle: Reply = json(general('0', '0000', 'Summary', {}));
const busy2008: Reply = json(general('2', '2008', 'Terminal in use', { DelayBeforeNextRequest: 0.2 }));

describe('what a Status lookup may conclude', () => {
  it('a busy 1000 that echoes the reference and TransactionType (the docs sample) is not a decline: asked again, then approved', async () => {
    const ref = 'RW1000A';
    hosts.service.on('Sale', resetAfterBody);
    hosts.service.on(
      'Status',
      json({ ...general('1', '1000', 'Service Busy'), ReferenceId: ref, TransactionType: 'Sale', PaymentType: 'Credit' }),
      json({ ...general('1', '1006', 'Internal Error'), ReferenceId: ref, TransactionType: 'Sale' }),
      json(approvedRecord(ref, 2500)),
    );
    const journal = new MemoryJournal();
    const result = await runSale(fastDeps(journal, hosts.service.url), saleForm(ref, 2500));
    expect(result).toMatchObject({ outcome: 'approved', recovery: { how: 'status-lookup' } });
    expect(hosts.service.count('Status')).toBe(3);
    expect(hosts.service.count('Sale')).toBe(1);
  });

  it('a decline of THIS reference and operation is final', async () => {
    const ref = 'RW1015A';
    hosts.service.on('Sale', resetAfterBody);
    hosts.service.on('Status', json({ ...general('1', '1015', 'Declined'), ReferenceId: ref, TransactionType: 'Sale' }));
    const result = await runSale(fastDeps(new MemoryJournal(), hosts.service.url), saleForm(ref, 2500));
    expect(result).toMatchObject({ outcome: 'declined', statusCode: '1015' });
  });

  it('2009 "Transaction not found" ends as not processed once the deadline passed and the terminal was seen idle (no endless loop)', async () => {
    const ref = 'RW2009A';
    // Another register's sale, the open batch's oldest: read with the intent, it witnesses the batch.
    const witness = { ...approvedRecord('RW2009W', 1000), BatchNumber: '7' };
    hosts.service.on('StatusList', json({ ...general('0', '0000'), Transactions: [witness] }));
    hosts.service.on('Sale', resetAfterBody);
    hosts.service.on('Status', (request, res, socket) =>
      (request.body.ReferenceId === witness.ReferenceId ? json(witness) : json(general('2', '2009', 'Transaction not found')))(
        request,
        res,
        socket,
      ),
    );
    hosts.service.on('Summary', idle);
    const journal = new MemoryJournal();
    const result = await runSale(fastDeps(journal, hosts.service.url), saleForm(ref, 2500));
    expect(result.outcome).toBe('failed');
    expect((await allEntries(journal))[0]?.outcome?.result).toBe('not-processed');
    // The idle check came after the deadline, one more Status after it, and the witness still in its batch settled the matter.
    const summary = hosts.service.requests.findIndex((r) => r.endpoint === 'Summary');
    expect(summary).toBeGreaterThan(0);
    expect(hosts.service.requests.slice(summary + 1).map((r) => `${r.endpoint} ${String(r.body.ReferenceId)}`)).toEqual([
      `Status ${ref}`,
      'Status RW2009W',
    ]);
  });

  it('after a 2007, "not found" is not trusted while the terminal is still busy: the late approval is found', async () => {
    const ref = 'RW2007A';
    let finished = false;
    hosts.service.on('Sale', json(general('2', '2007', 'The operation has timed out')));
    // The terminal keeps working after the proxy gave up; the sale shows up once it is done.
    hosts.service.on('Status', (request, res, socket) =>
      (finished ? json(approvedRecord(ref, 4200)) : json(general('1', '1001', 'Not Found')))(request, res, socket),
    );
    hosts.service.on('Summary', busy2008, busy2008, (request, res, socket) => {
      finished = true;
      return idle(request, res, socket);
    });
    const journal = new MemoryJournal();
    const result = await runSale(fastDeps(journal, hosts.service.url), saleForm(ref, 4200));
    expect(result).toMatchObject({ outcome: 'approved', amounts: { amount: 4200 }, recovery: { reason: expect.stringMatching(/2007/) } });
    expect(hosts.service.count('Summary')).toBe(3);
    expect(hosts.service.count('Sale')).toBe(1);
  });
});

describe('what the original answer leads to', () => {
  it('429 on the Sale: unknown, and the first lookup waits its Retry-After', async () => {
    const ref = 'RW429A';
    hosts.service.on('Sale', json({}, 429, { 'retry-after': '1' }));
    hosts.service.on('Status', json(approvedRecord(ref, 1500)));
    const result = await runSale(fastDeps(new MemoryJournal(), hosts.service.url), saleForm(ref, 1500));
    expect(result).toMatchObject({ outcome: 'approved', recovery: { reason: 'the service answered HTTP 429' } });
    // The first Status after the Sale (the one before it is the batch witness read).
    const sale = hosts.service.requests.find((r) => r.endpoint === 'Sale');
    const status = hosts.service.requests.find((r) => r.endpoint === 'Status' && r.at >= (sale?.at ?? Infinity));
    expect((status?.at ?? 0) - (sale?.at ?? 0)).toBeGreaterThanOrEqual(990);
  });

  it('a redirected Sale is unknown and looked up at the profile’s own address; the other host gets nothing', async () => {
    const ref = 'RW307A';
    hosts.service.on('Sale', redirect(307, `${hosts.elsewhere.url}/v2/Payment/Sale`));
    hosts.service.on('Status', json(approvedRecord(ref, 990)));
    hosts.elsewhere.on('Sale', json(approvedRecord(ref, 990)));
    const result = await runSale(fastDeps(new MemoryJournal(), hosts.service.url), saleForm(ref, 990));
    expect(result).toMatchObject({
      outcome: 'approved',
      recovery: { reason: expect.stringContaining(`redirect to ${new URL(hosts.elsewhere.url).host}`) },
    });
    expect(hosts.elsewhere.requests).toEqual([]);
  });

  it("the user's Stop while the Sale's answer drips in ends the call at once: OUTCOME_UNKNOWN, entry pending", async () => {
    const ref = 'RWSTOPA';
    hosts.service.on('Sale', stall());
    const journal = new MemoryJournal();
    // SPInProxyTimeout 60 s: only the Stop can end this call quickly.
    const deps = { ...fastDeps(journal, hosts.service.url), profiles: fakeProfiles(hosts.service.url, 60) };
    const sale = runSale(deps, saleForm(ref, 700)).then(
      () => undefined,
      (error: unknown) => error,
    );
    await expect.poll(() => hosts.service.count('Sale')).toBe(1);
    const stoppedAt = performance.now();
    expect(deps.registry.stop(ref)).toBe(1);
    expect(await sale).toMatchObject({ detail: { code: 'OUTCOME_UNKNOWN' } });
    // Far below the 60 s deadline: only the Stop can have ended it.
    expect(performance.now() - stoppedAt).toBeLessThan(5000);
    expect(journal.pending().map((e) => e.intent.ref)).toEqual([ref]);
    expect(hosts.service.count('Sale')).toBe(1);
  });
});
