// The connection check at the counter, in Chromium through the browser host: for each fault the
// simulator (or a loopback server) can play, the Troubleshooting screen shows the right verdict in
// large words with the catalogue's remedy, and the header learns the terminal's state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../simulator';
import { createSpinClient } from '../../electron/services/spin/spin-client';
import { explainCode } from '@shared/spin/codes';
import { closedPort, startTlsServer, type LoopbackServer } from '../integration/diagnostics-kit';
import { launchApp, type AppUnderTest } from './harness';
import { goTo, useTerminal } from './payments-kit';

const TPN = 'E2ECHECK01';
const KEY = 'CHKKEY0001';
let simulator: RunningSimulator;
let tls: LoopbackServer;
let app: AppUnderTest;

beforeAll(async () => {
  simulator = await startSimulator({ host: '127.0.0.1', port: 0, terminals: [{ tpn: TPN, authkey: KEY }], processingDelayMs: 0, seed: 2 });
  tls = await startTlsServer();
  app = await launchApp();
  const terminals: [string, string, string, string][] = [
    ['Counter', simulator.url, TPN, KEY],
    ['Wrong key', simulator.url, TPN, 'WRONGKEY01'],
    ['Unknown TPN', simulator.url, 'NOSUCHTPN1', KEY],
    ['Nothing there', `http://127.0.0.1:${await closedPort()}`, TPN, KEY],
    ['Self-signed', tls.url, TPN, KEY],
  ];
  // Written through the services (the Terminals screen has its own e2e test), then read by a reload.
  for (const [name, customUrl, tpn, key] of terminals) {
    const view = await app.services.profiles.save({
      name,
      environment: 'custom',
      customUrl,
      tpn,
      proxyTimeoutSeconds: 30,
      merchantNumber: null,
    });
    await app.services.profiles.setAuthkey(view.id, key);
  }
  await app.page.reload();
  await goTo(app, 'Troubleshooting');
});

afterAll(async () => {
  await app?.close();
  await tls?.close();
  await simulator?.close();
});

const header = () => app.page.locator('header').first();

/** Runs the check on a terminal and returns the verdict's text once it is in. */
async function checkTerminal(name: string, title: string): Promise<string> {
  await useTerminal(app, name);
  await app.page.getByRole('button', { name: 'Check connection' }).click();
  const verdict = app.page.getByRole('region', { name: title });
  await verdict.waitFor();
  return (await verdict.textContent()) ?? '';
}

async function stepStatus(name: RegExp): Promise<string> {
  return (
    (await app.page.getByRole('list', { name: 'Steps of the check' }).getByRole('listitem').filter({ hasText: name }).textContent()) ?? ''
  );
}

describe('connection check', () => {
  it('finds a working terminal online and ready, and the header says so', async () => {
    await useTerminal(app, 'Counter');
    // From the keyboard: the button takes Enter like any other.
    await app.page.getByRole('button', { name: 'Check connection' }).focus();
    await app.page.keyboard.press('Enter');
    await app.page.getByRole('heading', { name: 'The terminal is online and ready', level: 2 }).waitFor();
    expect(await stepStatus(/Credentials accepted/)).toMatch(/OK.*TerminalStatus Online/);
    expect(await stepStatus(/DNS/)).toMatch(/Skipped.*IP address/);
    await expect.poll(() => header().textContent()).toMatch(/Terminal: Online · last answer/);
    expect(await app.checkScreen('troubleshooting-ready')).toEqual([]);
  });

  it('says the terminal is offline (2001) and what to do', async () => {
    simulator.control.setOnline(TPN, false);
    try {
      const text = await checkTerminal('Counter', 'The terminal is offline');
      expect(text).toContain(explainCode('2001').explanation);
      expect(text).toContain('Check the terminal’s power and network.');
      expect(text).toContain(explainCode('2001').remedy);
      await expect.poll(() => header().textContent()).toMatch(/Terminal: Offline · last answer/);
      expect(await app.checkScreen('troubleshooting-offline')).toEqual([]);
    } finally {
      simulator.control.setOnline(TPN, true);
    }
  });

  it('says the Authkey is wrong (2002)', async () => {
    const text = await checkTerminal('Wrong key', 'The Authkey is wrong');
    expect(text).toContain('Enter the Authkey again on the Terminals screen.');
    expect(text).toContain('2002');
    await expect.poll(() => header().textContent()).toMatch(/Terminal: Key or TPN not accepted/);
  });

  it('says the TPN or environment is wrong (2003)', async () => {
    const text = await checkTerminal('Unknown TPN', 'Wrong TPN or wrong environment');
    expect(text).toContain(explainCode('2003').explanation);
  });

  it('reports a terminal held by a prompt as ready: TerminalStatus is not queued behind the customer', async () => {
    simulator.control.queueAnswer(TPN, { kind: 'noAnswer' });
    const held = createSpinClient({ baseUrl: simulator.url, tpn: TPN, authkey: KEY })
      .call('UserInput', { Title: 'Zip code', Type: 'Number', Timeout: 3, SPInProxyTimeout: 3 })
      .catch((error: unknown) => error);
    await expect.poll(() => simulator.control.listTerminals()[0]?.busy).toBe(true);
    await checkTerminal('Counter', 'The terminal is online and ready');
    expect(await held).toMatchObject({ statusCode: '2007' });
  });

  it('finds a terminal in use at another register connected, without waiting behind it', async () => {
    simulator.control.setInUse(TPN, 9);
    try {
      await checkTerminal('Counter', 'The terminal is online and ready');
      expect(await stepStatus(/Credentials accepted/)).toMatch(/OK.*TerminalStatus Online/);
      await expect.poll(() => header().textContent()).toMatch(/Terminal: Online/);
      expect(await app.checkScreen('troubleshooting-in-use')).toEqual([]);
    } finally {
      simulator.control.setInUse(TPN, 0);
    }
  });

  it('says nothing is answering when the port refuses, and stops at that step', async () => {
    const text = await checkTerminal('Nothing there', 'Nothing is answering at that address');
    expect(text).toContain('refused the connection');
    expect(await stepStatus(/TCP/)).toMatch(/Failed.*ECONNREFUSED/);
    expect(await stepStatus(/Credentials accepted/)).toMatch(/Skipped/);
    await expect.poll(() => header().textContent()).toMatch(/Terminal: Unreachable/);
  });

  it('refuses a self-signed certificate on loopback and says why', async () => {
    const text = await checkTerminal('Self-signed', 'The service’s certificate is self-signed');
    expect(text).toContain('spin-desk never skips this check');
    expect(await stepStatus(/TLS/)).toMatch(/Failed.*DEPTH_ZERO_SELF_SIGNED_CERT/);
    expect(await app.checkScreen('troubleshooting-tls')).toEqual([]);
  });

  it('raised no console errors, CSP violations or exceptions in the page', () => {
    expect(app.pageProblems).toEqual([]);
  });
});
