// The first renderer issue end to end, through the UI only: the app opens on the demo terminal,
// a terminal profile for a separate simulator is created, given its Authkey and selected, and two
// sales run on it (approved, declined). The Authkey must never come back out of the main process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../simulator';
import { explainCode } from '@shared/spin/codes';
import { launchApp, type AppUnderTest } from './harness';

/** Obviously fake, 10 characters, and unlike anything else on the page. */
const SENTINEL = 'SNTNL7Q2ZX';
const TPN = 'E2ETERM001';

let simulator: RunningSimulator;
let app: AppUnderTest;

beforeAll(async () => {
  simulator = await startSimulator({ host: '127.0.0.1', port: 0, terminals: [{ tpn: TPN, authkey: SENTINEL }], processingDelayMs: 0 });
  app = await launchApp();
});

afterAll(async () => {
  await app?.close();
  await simulator?.close();
});

const picker = () => app.page.getByLabel('Active terminal');
const header = () => app.page.locator('header');

async function goTo(screen: 'Sale' | 'Terminals'): Promise<void> {
  await app.page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: screen }).click();
  await expectHeading(screen, 1);
}

async function expectHeading(name: string | RegExp, level?: number): Promise<void> {
  await app.page.getByRole('heading', { name, ...(level ? { level } : {}) }).waitFor();
}

async function charge(amount: string): Promise<void> {
  const page = app.page;
  if (await page.getByRole('button', { name: 'New sale' }).isVisible()) await page.getByRole('button', { name: 'New sale' }).click();
  await page.getByLabel('Amount', { exact: true }).fill(amount);
  // Enter submits, like at a real counter.
  await page.getByLabel('Amount', { exact: true }).press('Enter');
}

describe('sale', () => {
  it('opens on the built-in demo terminal and approves a sale there', async () => {
    await expectHeading('Sale', 1);
    await expect.poll(() => picker().locator('option:checked').textContent()).toBe('Demo terminal');
    await expect.poll(() => header().textContent()).toMatch(/Demo.*TPN DESK00000001/);
    expect(await app.checkScreen('sale-demo')).toEqual([]);

    await charge('5');
    await expectHeading('Approved', 2);
    expect(await app.page.locator('article').textContent()).toContain('$5.00');
    expect(await app.checkScreen('sale-demo-approved')).toEqual([]);
  });

  it('lets the practice panel decline the next demo sale, once', async () => {
    const page = app.page;
    await page.getByRole('button', { name: 'New sale' }).click();
    await page.getByRole('radio', { name: /Card declined/ }).check();
    await page.getByRole('status').filter({ hasText: 'Next sale: Card declined' }).waitFor();
    await charge('7');
    await expectHeading('Declined', 2);
    await page.getByRole('status').filter({ hasText: 'Next sale: Pays' }).waitFor();
    await charge('7');
    await expectHeading('Approved', 2);
  });

  it('creates a terminal, sets its Authkey and selects it, through the UI', async () => {
    const page = app.page;
    await goTo('Terminals');
    await page.getByRole('button', { name: 'Add a terminal' }).click();
    await page.getByLabel('Name').fill('E2E lab');
    await page.getByLabel('Environment').selectOption('custom');
    await page.getByLabel('Base URL').fill(simulator.url);
    await page.getByLabel('TPN').fill(TPN);
    await page.getByRole('button', { name: 'Add terminal' }).click();
    await expectHeading('Edit E2E lab', 2);

    const keyBox = page.getByLabel('Authkey', { exact: true });
    await keyBox.fill(SENTINEL);
    await page.getByRole('button', { name: 'Save Authkey' }).click();
    await page.getByRole('form', { name: 'Set Authkey' }).getByText('Authkey set').waitFor();
    expect(await page.getByLabel('New Authkey').inputValue()).toBe('');
    expect(await app.checkScreen('terminals')).toEqual([]);

    await picker().selectOption({ label: 'E2E lab' });
    await expect.poll(() => header().textContent()).toMatch(/Custom.*TPN E2ETERM001/);
  });

  it('asks before deleting a terminal, and Esc keeps it', async () => {
    const page = app.page;
    await page.getByRole('button', { name: 'Delete Demo terminal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this terminal?' });
    await dialog.waitFor();
    expect(await app.checkScreen('terminals-delete-dialog')).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await picker().locator('option').allTextContents()).toEqual(['Demo terminal', 'E2E lab']);
  });

  it('charges 12.34 on the new terminal and shows Approved with the amount', async () => {
    await goTo('Sale');
    await charge('12.34');
    await expectHeading('Approved', 2);
    const card = app.page.locator('article');
    expect(await card.textContent()).toContain('$12.34');
    expect(await card.textContent()).toMatch(/•••• \d{4}/);
    expect(await app.checkScreen('sale-approved')).toEqual([]);
  });

  it('charges 10.15 and shows the decline with its explanation', async () => {
    await charge('10.15');
    await expectHeading('Declined', 2);
    const card = app.page.locator('article');
    expect(await card.textContent()).toContain(explainCode('1015').explanation);
    expect(await card.textContent()).toContain('$10.15');
    expect(await app.checkScreen('sale-declined')).toEqual([]);
  });

  it('never shows or sends back the Authkey', async () => {
    const page = app.page;
    expect(await page.content()).not.toContain(SENTINEL);
    for (const screen of ['Terminals', 'Sale'] as const) {
      await goTo(screen);
      expect(await page.content()).not.toContain(SENTINEL);
      const values = await page
        .locator('input, select, textarea')
        .evaluateAll((elements) => elements.map((element) => (element as HTMLInputElement).value));
      expect(values.join('\n')).not.toContain(SENTINEL);
    }

    await app.settle();
    const carrying = app.traffic.filter((entry) => entry.body.includes(SENTINEL));
    // The one request that sets it, and nothing after: no response ever carries it back.
    expect(carrying.map((entry) => `${entry.kind} ${new URL(entry.url).pathname}`)).toEqual(['request /api/profiles%3AsetAuthkey']);
    const setAt = app.traffic.indexOf(carrying[0] as (typeof app.traffic)[number]);
    expect(app.traffic.slice(setAt + 1).some((entry) => entry.body.includes(SENTINEL))).toBe(false);

    expect(JSON.stringify(app.hostLog.entries())).not.toContain(SENTINEL);
  });

  it('raised no console errors, CSP violations or exceptions in the page', () => {
    expect(app.pageProblems).toEqual([]);
  });
});
