// Shared by the prompts, invoices and Level 3 e2e files: the app with one terminal profile that
// points at its own simulator (written through the services: the Terminals screen has its own
// e2e test), and the page steps those files repeat.
import { expect } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../simulator';
import { launchApp, type AppUnderTest } from './harness';

export interface Counter {
  app: AppUnderTest;
  simulator: RunningSimulator;
  tpn: string;
  authkey: string;
  close(): Promise<void>;
}

/** Opens the app on a fresh simulator terminal, selected as the active one. */
export async function openCounter(tpn: string, authkey: string, proxyTimeoutSeconds = 60): Promise<Counter> {
  const simulator = await startSimulator({ host: '127.0.0.1', port: 0, terminals: [{ tpn, authkey }], processingDelayMs: 0, seed: 11 });
  const app = await launchApp();
  const view = await app.services.profiles.save({
    name: 'Counter',
    environment: 'custom',
    customUrl: simulator.url,
    tpn,
    proxyTimeoutSeconds,
    merchantNumber: null,
  });
  await app.services.profiles.setAuthkey(view.id, authkey);
  await app.page.reload();
  await app.page.getByLabel('Active terminal').selectOption({ label: 'Counter' });
  await app.page.getByText('Now using Counter.').first().waitFor();
  return {
    app,
    simulator,
    tpn,
    authkey,
    close: async () => {
      await app.close();
      await simulator.close();
    },
  };
}

export async function goTo(app: AppUnderTest, screen: string): Promise<void> {
  await app.page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: screen, exact: true }).click();
  await app.page.getByRole('heading', { name: screen, level: 1, exact: true }).waitFor();
}

export async function openTab(app: AppUnderTest, name: string): Promise<void> {
  await app.page.getByRole('tab', { name, exact: true }).click();
  await expect.poll(() => app.page.getByRole('tab', { name, exact: true }).getAttribute('aria-selected')).toBe('true');
}

/** The text of the visible notice (role status or alert) whose title starts the text. */
export async function noticeText(app: AppUnderTest, title: string): Promise<string> {
  const notice = app.page.locator('.notice').filter({ hasText: title });
  await notice.waitFor();
  return (await notice.textContent()) ?? '';
}

/** Bodies of the host's answers on one channel, for checks of what crossed the boundary. */
export async function answersOn(app: AppUnderTest, channel: string): Promise<string[]> {
  await app.settle();
  return app.traffic
    .filter((entry) => entry.kind === 'response' && decodeURIComponent(new URL(entry.url).pathname) === `/api/${channel}`)
    .map((entry) => entry.body);
}
