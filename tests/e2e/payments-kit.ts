// Shared by payments.test.ts and transactions.test.ts: a simulator terminal the app reaches over
// loopback, terminal profiles for it, and the few page steps every test repeats.
import type { Locator } from 'playwright-core';
import { expect } from 'vitest';
import * as en from '@shared/i18n/paraglide/messages/en.js';
import { startSimulator, type RunningSimulator } from '../../simulator';
import { downloadedText, launchApp, type AppUnderTest, type LaunchOptions } from './harness';

export const TPN = 'E2EPAY0001';
/** Fake and 10 characters, as the wire requires. */
export const AUTHKEY = 'PAYKEY0001';

export interface Lab {
  app: AppUnderTest;
  simulator: RunningSimulator;
  close(): Promise<void>;
}

/**
 * The app and a simulator, with one terminal profile per entry of `profiles` (name -> the
 * SPInProxyTimeout in seconds). Profiles are written through the services (the Terminals screen
 * has its own e2e test); the page is reloaded to read them and the first one is selected.
 */
export async function openLab(profiles: Record<string, number>, launch: LaunchOptions = {}): Promise<Lab> {
  const simulator = await startSimulator({
    host: '127.0.0.1',
    port: 0,
    terminals: [{ tpn: TPN, authkey: AUTHKEY }],
    processingDelayMs: 0,
    seed: 1,
  });
  const app = await launchApp(launch);
  for (const [name, proxyTimeoutSeconds] of Object.entries(profiles)) {
    const view = await app.services.profiles.save({
      name,
      environment: 'custom',
      customUrl: simulator.url,
      tpn: TPN,
      proxyTimeoutSeconds,
      merchantNumber: null,
    });
    await app.services.profiles.setAuthkey(view.id, AUTHKEY);
  }
  await app.page.reload();
  await useTerminal(app, Object.keys(profiles)[0] ?? '');
  return {
    app,
    simulator,
    close: async () => {
      await app.close();
      await simulator.close();
    },
  };
}

/** The shell's words these steps find their way by, in the language the page speaks (en.js, or es-US.js once the person chose it). */
export type ShellWords = Pick<typeof en, 'nav_label' | 'picker_label' | 'picker_now_using'>;

export async function useTerminal(app: AppUnderTest, name: string, words: ShellWords = en): Promise<void> {
  await app.page.getByLabel(words.picker_label({})).selectOption({ label: name });
  // The toast comes once main has made it the active terminal.
  await app.page
    .getByText(words.picker_now_using({ terminal: name }))
    .first()
    .waitFor();
}

export async function goTo(app: AppUnderTest, screen: string, title = screen, words: ShellWords = en): Promise<void> {
  await app.page
    .getByRole('navigation', { name: words.nav_label({}) })
    .getByRole('button', { name: screen, exact: true })
    .click();
  await app.page.getByRole('heading', { name: title, level: 1, exact: true }).waitFor();
}

/** The result card's heading (level 2), e.g. "Authorized", "Declined". */
export async function expectResult(app: AppUnderTest, heading: string, timeout?: number): Promise<string> {
  const card = app.page.locator('article').filter({ has: app.page.getByRole('heading', { name: heading, level: 2, exact: true }) });
  await card.waitFor(timeout === undefined ? {} : { timeout });
  return (await card.textContent()) ?? '';
}

/** The "label: value" figures (Facts) inside `container`, e.g. Amount, Tip, Fee, Total. */
export async function factsIn(container: Locator, labels: string[]): Promise<string[]> {
  return Promise.all(
    labels.map(async (label) =>
      (
        (await container
          .locator('div', { has: container.page().locator('dt', { hasText: new RegExp(`^${label}$`) }) })
          .locator('dd')
          .textContent()) ?? ''
      ).trim(),
    ),
  );
}

/** The result card's figures (its heading, level 2, names it). */
export function resultFigures(app: AppUnderTest, heading: string, labels: string[]): Promise<string[]> {
  return factsIn(
    app.page.locator('article').filter({ has: app.page.getByRole('heading', { name: heading, level: 2, exact: true }) }),
    labels,
  );
}

/** The CSV the screen's "Export CSV" button downloads, one object per line keyed by the header (no quoted commas). */
export async function exportedCsv(app: AppUnderTest): Promise<Record<string, string>[]> {
  const [download] = await Promise.all([app.page.waitForEvent('download'), app.page.getByRole('button', { name: 'Export CSV' }).click()]);
  const [head = '', ...lines] = (await downloadedText(download)).trim().split('\r\n');
  const columns = head.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((value, index) => [columns[index] ?? '', value])));
}

/** Confirms the ConfirmDialog and returns what it showed. */
export async function confirmDialog(app: AppUnderTest, title: RegExp | string, confirmLabel: string): Promise<string> {
  const dialog = app.page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  const text = (await dialog.textContent()) ?? '';
  await dialog.getByRole('button', { name: confirmLabel, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
  return text;
}

/** A Sale straight through the simulator's HTTP API: quick bulk data for the lists. */
export async function simulatorSale(simulator: RunningSimulator, referenceId: string, amount: number): Promise<void> {
  const response = await fetch(`${simulator.url}/v2/Payment/Sale`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ Tpn: TPN, Authkey: AUTHKEY, PaymentType: 'Credit', ReferenceId: referenceId, Amount: amount }),
  });
  const body = (await response.json()) as { GeneralResponse: { StatusCode: string } };
  expect(body.GeneralResponse.StatusCode).toBe('0000');
}

/** Replaces window.print with a recorder of what the receipt-only print layout shows. */
export async function recordPrints(app: AppUnderTest): Promise<() => Promise<string[]>> {
  await app.page.evaluate(() => {
    const printed: string[] = [];
    (window as unknown as { __printed: string[] }).__printed = printed;
    window.print = () => {
      const target = document.querySelector('.print-target');
      printed.push(`${document.body.classList.contains('printing-receipt') ? 'receipt-only:' : 'whole-page:'}${target?.textContent ?? ''}`);
      // As the browser does once its print dialog closes.
      window.dispatchEvent(new Event('afterprint'));
    };
  });
  return () => app.page.evaluate(() => [...(window as unknown as { __printed: string[] }).__printed]);
}
