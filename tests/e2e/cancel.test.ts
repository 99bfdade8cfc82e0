// Cancel at the counter, in Chromium through the browser host: a sale the terminal never answers
// (20.07) cancelled from the screen, an abort that loses the race to an approval, a second
// payment refused at once with a link to the one that holds the terminal, and the header read
// from TerminalStatus.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmDialog, expectResult, goTo, openLab, TPN, type Lab } from './payments-kit';

let lab: Lab;

beforeAll(async () => {
  lab = await openLab({ Counter: 120 });
});
afterAll(async () => {
  await lab?.close();
});

const page = () => lab.app.page;
/** The header's terminal light. */
const indicator = () => page().getByRole('status').filter({ hasText: 'Terminal:' });
const isBusy = () => lab.simulator.control.listTerminals().find((t) => t.tpn === TPN)?.busy;
const charged = (amount: number) =>
  lab.simulator.control.getState(TPN).records.filter((r) => (r.Amounts as { Amount?: number }).Amount === amount);

async function startSale(on: Page, amount: string): Promise<void> {
  if (await on.getByRole('button', { name: 'New sale' }).isVisible()) await on.getByRole('button', { name: 'New sale' }).click();
  await on.getByLabel('Amount', { exact: true }).fill(amount);
  await on.getByLabel('Amount', { exact: true }).press('Enter');
}

describe('cancel on terminal', () => {
  it('cancels a sale the terminal holds (20.07): "canceled, nothing charged" within 3 s, and no charge in the batch', async () => {
    await goTo(lab.app, 'Sale');
    await startSale(page(), '20.07');
    const cancel = page().getByRole('button', { name: 'Cancel on terminal' });
    await cancel.waitFor();
    await expect.poll(isBusy).toBe(true);
    expect(await lab.app.checkScreen('sale-waiting-cancel')).toEqual([]);
    await cancel.click();
    const card = await expectResult(lab.app, 'Canceled on the terminal', 3000);
    expect(card).toContain('Canceled on the terminal, nothing charged.');
    expect(charged(20.07)).toEqual([]);
    expect(isBusy()).toBe(false);
  });

  it('cancels with Esc on another screen that waits for the customer (Auth)', async () => {
    await goTo(lab.app, 'Auth');
    await page().getByLabel('Amount', { exact: true }).fill('20.07');
    await page().getByRole('button', { name: 'Authorize $20.07' }).click();
    await page().getByRole('button', { name: 'Cancel on terminal' }).waitFor();
    await expect.poll(isBusy).toBe(true);
    await page().keyboard.press('Escape');
    expect(await expectResult(lab.app, 'Canceled on the terminal', 3000)).toContain('nothing charged');
    expect(charged(20.07)).toEqual([]);
  });

  it('shows the approval when the abort loses the race to it', async () => {
    lab.simulator.control.queueOutcome(TPN, { kind: 'approveOnAbort' });
    await goTo(lab.app, 'Sale');
    await startSale(page(), '12.34');
    await page().getByRole('button', { name: 'Cancel on terminal' }).waitFor();
    await expect.poll(isBusy).toBe(true);
    await page().getByRole('button', { name: 'Cancel on terminal' }).click();
    const card = await expectResult(lab.app, 'Approved');
    expect(card).toContain('$12.34');
    expect(charged(12.34)).toHaveLength(1);
  });
});

describe('a busy terminal, explained', () => {
  it('refuses a second sale from this PC at once, naming the first, with a link to it', async () => {
    await goTo(lab.app, 'Sale');
    await startSale(page(), '20.07');
    await page().getByRole('button', { name: 'Cancel on terminal' }).waitFor();
    await expect.poll(isBusy).toBe(true);
    const ref = await waitingReference();

    // The header names what the terminal is busy with, from this PC.
    await expect.poll(() => indicator().textContent(), { timeout: 8000 }).toContain(`sale ${ref} from this PC`);

    // A second window of the same app (another tab on the browser host) tries a second sale.
    const second = await page().context().newPage();
    try {
      await second.goto(lab.app.host.url);
      await second.getByRole('heading', { name: 'Sale', level: 1 }).waitFor();
      await startSale(second, '5');
      const notice = second.getByRole('alert').filter({ hasText: 'did not go through' });
      await notice.waitFor();
      expect(await notice.textContent()).toContain(`This terminal is busy with sale ${ref} from this PC — wait for it or cancel it.`);
      await notice.getByRole('button', { name: `Go to sale ${ref}` }).waitFor();
      expect(charged(5)).toEqual([]);
    } finally {
      await second.close();
    }

    // The same refusal from another screen of this window links to the waiting sale, which can be cancelled there.
    await goTo(lab.app, 'Return');
    await page().getByLabel('Amount', { exact: true }).fill('3');
    await page().getByRole('button', { name: 'Refund $3.00' }).click();
    await confirmDialog(lab.app, 'Refund $3.00?', 'Refund $3.00');
    const notice = page()
      .getByRole('alert')
      .filter({ hasText: `busy with sale ${ref}` });
    await notice.waitFor();
    await notice.getByRole('button', { name: `Go to sale ${ref}` }).click();
    await page().getByRole('heading', { name: 'Sale', level: 1 }).waitFor();
    await page().getByRole('button', { name: 'Cancel on terminal' }).click();
    expect(await expectResult(lab.app, 'Canceled on the terminal', 3000)).toContain('nothing charged');
  });

  it('shows a countdown with Cancel when another register holds the terminal (2008)', async () => {
    lab.simulator.control.setInUse(TPN, 60);
    try {
      await goTo(lab.app, 'Sale');
      await startSale(page(), '6');
      const progress = page().getByText('The terminal is busy with another register; nothing was processed.');
      await progress.waitFor();
      await page()
        .getByText(/next step in \d+ s/)
        .waitFor();
      await page().getByRole('button', { name: 'Cancel', exact: true }).click();
      // Stopped before it was sent again: the terminal never had it, so nothing moved.
      expect(await expectResult(lab.app, 'Not completed')).toContain('Terminal in use');
      expect(charged(6)).toEqual([]);
    } finally {
      lab.simulator.control.setInUse(TPN, 0);
    }
  });
});

describe('the header', () => {
  it('follows TerminalStatus: Online, then Offline when the terminal goes offline, without any payment', async () => {
    const header = () => indicator().textContent();
    await expect.poll(header, { timeout: 8000 }).toMatch(/Terminal: Online/);
    const before = lab.app.services.diagnostics.log({ endpoint: 'Sale' }).matched;
    lab.simulator.control.setOnline(TPN, false);
    try {
      await expect.poll(header, { timeout: 8000 }).toMatch(/Terminal: Offline/);
    } finally {
      lab.simulator.control.setOnline(TPN, true);
    }
    await expect.poll(header, { timeout: 8000 }).toMatch(/Terminal: Online/);
    // Only TerminalStatus asked: no payment was sent meanwhile, and its log entries hide the key.
    expect(lab.app.services.diagnostics.log({ endpoint: 'Sale' }).matched).toBe(before);
    const asked = lab.app.services.diagnostics.log({ endpoint: 'TerminalStatus' }).entries;
    expect(asked.length).toBeGreaterThan(0);
    for (const entry of asked) expect(entry.url).toMatch(/request\.authkey=<AUTH_KEY>$/);
  });
});

/** The ReferenceId of the sale the terminal is working on, as the journal holds it. */
async function waitingReference(): Promise<string> {
  const pending = await lab.app.services.journal.pending();
  const entry = pending.find((candidate) => candidate.outcome === undefined && candidate.intent.op === 'Sale');
  expect(entry).toBeDefined();
  return entry?.intent.ref ?? '';
}
