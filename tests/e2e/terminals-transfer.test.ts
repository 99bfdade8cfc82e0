// Moving terminals between computers through the Terminals screen: the exported file carries the
// profiles but never an Authkey, and importing it brings the terminals back without keys.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadedText, launchApp, type AppUnderTest } from './harness';

const SENTINEL = 'SNTNL7Q2ZX';
let app: AppUnderTest;

beforeAll(async () => {
  app = await launchApp();
});
afterAll(() => app?.close());

describe('terminal export and import', () => {
  let exported = '';

  it('exports the terminals as a file without any Authkey', async () => {
    const page = app.page;
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Terminals' }).click();
    await page.getByRole('button', { name: 'Add a terminal' }).click();
    await page.getByLabel('Name').fill('Back office');
    await page.getByLabel('Environment').selectOption('sandbox');
    await page.getByLabel('TPN').fill('BACKOFF001');
    await page.getByRole('button', { name: 'Add terminal' }).click();
    await page.getByRole('heading', { name: 'Edit Back office', level: 2 }).waitFor();
    await page.getByLabel('Authkey', { exact: true }).fill(SENTINEL);
    await page.getByRole('button', { name: 'Save Authkey' }).click();
    await page.getByText('Authkey set').first().waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export terminals' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^spin-desk-terminals-\d{4}-\d{2}-\d{2}\.json$/);
    exported = await downloadedText(download);
    expect(exported).not.toContain(SENTINEL);
    expect(JSON.parse(exported)).toMatchObject({
      kind: 'spin-desk-terminals',
      profiles: [{ name: 'Back office', tpn: 'BACKOFF001', environment: 'sandbox' }],
    });
    expect(await app.checkScreen('terminals-transfer')).toEqual([]);
  });

  it('does not import a terminal that is already set up here, and says so', async () => {
    const page = app.page;
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'terminals.json', mimeType: 'application/json', buffer: Buffer.from(exported) });
    await page.getByText('Nothing imported: "Back office" is already set up on this computer (same TPN and address).').waitFor();
    expect(await page.getByRole('listitem').filter({ hasText: 'Back office (2)' }).count()).toBe(0);
  });

  it('imports another terminal of the same name: renamed on the clash, and without a key', async () => {
    const page = app.page;
    const other = exported.replace('BACKOFF001', 'BACKOFF002');
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'terminals.json', mimeType: 'application/json', buffer: Buffer.from(other) });
    await page.getByText(/Imported 1 terminal/).waitFor();
    const card = page.getByRole('listitem').filter({ hasText: 'Back office (2)' });
    await card.waitFor();
    expect(await card.textContent()).toMatch(/Authkey\s*Not entered since spin-desk started/);
  });

  it('refuses a file that is not a terminals file and names the problem', async () => {
    await app.page
      .locator('input[type=file]')
      .setInputFiles({ name: 'x.json', mimeType: 'application/json', buffer: Buffer.from('{"kind":"other"}') });
    await app.page.getByText(/cannot be imported: file.kind is not a spin-desk terminals file/).waitFor();
  });

  it('never showed or sent the key back', async () => {
    await app.settle();
    expect(await app.page.content()).not.toContain(SENTINEL);
    const fromHost = app.traffic.filter((entry) => entry.kind === 'response' && entry.body.includes(SENTINEL));
    expect(fromHost).toEqual([]);
  });
});
