// The connection check through the real diagnostics:check channel, against the simulator for the
// terminal faults and against small loopback servers for the network faults, plus the TLS verdicts
// that need a certificate the test itself trusts (expired, wrong name).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../simulator';
import { newReport, runCheck, DEFAULT_CHECK_TIMEOUTS } from '../../electron/services/diagnostics/connection-check';
import { createSpinClient } from '../../electron/services/spin/spin-client';
import { explainCode } from '@shared/spin/codes';
import type { CheckReport, LogPage, TerminalStateView } from '@shared/ipc/diagnostics-views';
import {
  addTerminal,
  closedPort,
  data,
  SENTINEL,
  startJsonServer,
  startServices,
  startSilentTcpServer,
  startTlsServer,
} from './diagnostics-kit';

const TPN = 'DIAGTERM01';
let sim: RunningSimulator;
let services: Awaited<ReturnType<typeof startServices>>;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, terminals: [{ tpn: TPN, authkey: SENTINEL }], processingDelayMs: 0, seed: 3 });
  services = await startServices();
});
afterAll(async () => {
  await services?.close();
  await sim?.close();
});

async function check(profileId: string): Promise<CheckReport> {
  return data<CheckReport>(services, 'diagnostics:check', { profileId });
}

const statuses = (report: CheckReport) => Object.fromEntries(report.steps.map((step) => [step.id, step.status]));

describe('connection check against the simulator', () => {
  it('finds a working terminal ready, skipping DNS for an IP and TLS for loopback http', async () => {
    const profile = await addTerminal(services, 'Lab', sim.url, TPN);
    const report = await check(profile.id);
    expect(report.running).toBe(false);
    expect(statuses(report)).toEqual({ settings: 'ok', dns: 'skipped', tcp: 'ok', tls: 'skipped', http: 'ok', terminal: 'ok' });
    expect(report.verdict).toMatchObject({ ok: true, kind: 'ready' });
    expect(report.steps.find((s) => s.id === 'terminal')?.detail).toMatch(/TerminalStatus Online/);
    const state = await data<TerminalStateView>(services, 'diagnostics:terminalState', { profileId: profile.id });
    expect(state).toMatchObject({ state: 'online' });
    expect(state.lastSuccessAt).toBeDefined();
  });

  it('falls back to Status of a made-up reference when the service has no TerminalStatus (HTTP 404)', async () => {
    const older = await startJsonServer((req) =>
      req.method === 'GET'
        ? { status: 404, body: { GeneralResponse: { ResultCode: '2', StatusCode: '2004', Message: 'Route not found' } } }
        : { status: 200, body: { GeneralResponse: { ResultCode: '1', StatusCode: '1001', Message: 'Not Found' } } },
    );
    try {
      const profile = await addTerminal(services, 'Older service', older.url, TPN);
      const report = await check(profile.id);
      expect(report.verdict).toMatchObject({ ok: true, kind: 'ready' });
      expect(report.steps.find((s) => s.id === 'terminal')?.detail).toMatch(/1001 .* test reference CHECK/);
    } finally {
      await older.close();
    }
  });

  it('says the terminal is offline (2001) with the catalogue remedy, and the header learns it', async () => {
    const profile = await addTerminal(services, 'Offline', sim.url, TPN);
    sim.control.setOnline(TPN, false);
    try {
      const report = await check(profile.id);
      expect(report.verdict).toMatchObject({ ok: false, kind: 'offline', statusCode: '2001', title: 'The terminal is offline' });
      expect(report.verdict?.remedy).toContain(explainCode('2001').remedy);
      expect(statuses(report).terminal).toBe('failed');
      expect(await data<TerminalStateView>(services, 'diagnostics:terminalState', { profileId: profile.id })).toMatchObject({
        state: 'offline',
        statusCode: '2001',
      });
    } finally {
      sim.control.setOnline(TPN, true);
    }
  });

  it('logs the check against a stopped terminal, though the header’s poll just said the same, with the terminal’s name', async () => {
    const profile = await addTerminal(services, 'Stopped lane', sim.url, TPN);
    sim.control.setOnline(TPN, false);
    try {
      await data(services, 'terminal:status', { profileId: profile.id });
      const statusEntries = async () =>
        (await data<LogPage>(services, 'diagnostics:log', { profileId: profile.id, endpoint: 'TerminalStatus' })).entries;
      expect((await statusEntries()).map((entry) => entry.poll)).toEqual([true]);
      const report = await check(profile.id);
      expect(report.verdict).toMatchObject({ kind: 'offline' });
      const [checked] = await statusEntries();
      expect(checked).toMatchObject({ endpoint: 'TerminalStatus', profileName: 'Stopped lane', tpn: TPN, outcome: 'service' });
      expect(checked?.poll).toBeUndefined();
      expect(await data(services, 'diagnostics:logEntry', { entryId: checked?.id })).toMatchObject({ profileName: 'Stopped lane' });
      expect(Date.parse(checked?.at ?? '')).toBeGreaterThanOrEqual(Date.parse(report.startedAt));
    } finally {
      sim.control.setOnline(TPN, true);
    }
  });

  it('says the Authkey is wrong (2002)', async () => {
    const profile = await addTerminal(services, 'Wrong key', sim.url, TPN, 'WRONGKEY01');
    const report = await check(profile.id);
    expect(report.verdict).toMatchObject({ kind: 'wrong-authkey', statusCode: '2002', title: 'The Authkey is wrong' });
    expect(report.verdict?.remedy).toMatch(/Enter the Authkey again/);
  });

  it('says the TPN or environment is wrong (2003)', async () => {
    const profile = await addTerminal(services, 'Unknown TPN', sim.url, 'NOSUCHTPN1');
    const report = await check(profile.id);
    expect(report.verdict).toMatchObject({ kind: 'wrong-tpn', statusCode: '2003', title: 'Wrong TPN or wrong environment' });
  });

  it('still finds the terminal ready while it holds a prompt: TerminalStatus is not queued behind the customer', async () => {
    // The proxy answers TerminalStatus from what it knows of the connection, busy or not.
    const profile = await addTerminal(services, 'Held', sim.url, TPN);
    sim.control.queueAnswer(TPN, { kind: 'noAnswer' });
    const client = createSpinClient({ baseUrl: sim.url, tpn: TPN, authkey: SENTINEL });
    const held = client
      .call('UserInput', { Title: 'Zip code', Type: 'Number', Timeout: 2, SPInProxyTimeout: 2 })
      .catch((error: unknown) => error);
    await expect.poll(() => sim.control.listTerminals().find((t) => t.tpn === TPN)?.busy).toBe(true);
    const report = await check(profile.id);
    expect(report.verdict).toMatchObject({ kind: 'ready' });
    expect(await held).toMatchObject({ code: 'PROXY', statusCode: '2007' });
  });

  it('finds a terminal in use elsewhere connected at once: the check never waits behind another register', async () => {
    const profile = await addTerminal(services, 'In use', sim.url, TPN);
    sim.control.setInUse(TPN, 9);
    try {
      const started = Date.now();
      const report = await check(profile.id);
      expect(report.verdict).toMatchObject({ ok: true, kind: 'ready' });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      sim.control.setInUse(TPN, 0);
    }
  });

  it('says there is no Authkey before touching the network', async () => {
    const profile = await addTerminal(services, 'No key', sim.url, TPN, null);
    const report = await check(profile.id);
    expect(report.verdict).toMatchObject({ kind: 'no-authkey' });
    expect(statuses(report)).toEqual({
      settings: 'failed',
      dns: 'skipped',
      tcp: 'skipped',
      tls: 'skipped',
      http: 'skipped',
      terminal: 'skipped',
    });
  });
});

describe('connection check against broken services', () => {
  it('says the terminal is busy and how long to wait when the service answers 2008', async () => {
    // A stand-in for the real proxy, to pin the exact DelayBeforeNextRequest wording.
    const stub = await startJsonServer(200, {
      GeneralResponse: {
        ResultCode: '2',
        StatusCode: '2008',
        Message: 'Terminal in use',
        DetailedMessage: 'Terminal in use',
        DelayBeforeNextRequest: 7,
      },
    });
    try {
      const report = await check((await addTerminal(services, 'Busy stub', stub.url, TPN)).id);
      expect(report.verdict).toMatchObject({ kind: 'busy', statusCode: '2008', retryAfterSeconds: 7, title: 'The terminal is busy' });
      expect(report.verdict?.remedy).toMatch(/^Wait 7 s/);
    } finally {
      await stub.close();
    }
  });

  it('says nothing is listening when the port refuses, and stops there', async () => {
    const profile = await addTerminal(services, 'Nothing there', `http://127.0.0.1:${await closedPort()}`, TPN);
    const report = await check(profile.id);
    expect(report.verdict).toMatchObject({ kind: 'refused', title: 'Nothing is answering at that address' });
    expect(statuses(report)).toMatchObject({ tcp: 'failed', http: 'skipped', terminal: 'skipped' });
    expect(await data<TerminalStateView>(services, 'diagnostics:terminalState', { profileId: profile.id })).toMatchObject({
      state: 'unreachable',
    });
  });

  it('says the name cannot be found when DNS fails', async () => {
    const profile = await addTerminal(services, 'Bad name', 'https://no-such-host.invalid', TPN);
    const report = await check(profile.id);
    expect(['dns', 'timeout']).toContain(report.verdict?.kind);
    expect(statuses(report).dns).toBe('failed');
  });

  it('refuses a self-signed certificate and says so, never bypassing it', async () => {
    const tls = await startTlsServer();
    try {
      const report = await check((await addTerminal(services, 'Self-signed', tls.url, TPN)).id);
      expect(report.verdict).toMatchObject({ kind: 'tls-self-signed', title: 'The service’s certificate is self-signed' });
      expect(report.steps.find((s) => s.id === 'tls')).toMatchObject({ status: 'failed', detail: 'DEPTH_ZERO_SELF_SIGNED_CERT' });
    } finally {
      await tls.close();
    }
  });

  it('says a port that accepts connections but speaks no HTTP is not a web service', async () => {
    const silent = await startSilentTcpServer();
    try {
      const report = await check((await addTerminal(services, 'Silent', silent.url, TPN)).id);
      expect(report.verdict?.kind).toBe('http');
      expect(statuses(report)).toMatchObject({ tcp: 'ok', http: 'failed' });
    } finally {
      await silent.close();
    }
  });

  it('says a web server that is not SPIn is not SPIn', async () => {
    const web = await startJsonServer(404, { error: 'no such page' });
    try {
      const report = await check((await addTerminal(services, 'Web page', web.url, TPN)).id);
      expect(report.verdict).toMatchObject({ kind: 'not-spin' });
      expect(statuses(report)).toMatchObject({ http: 'ok', terminal: 'failed' });
    } finally {
      await web.close();
    }
  });
});

describe('TLS verdicts with a certificate the client trusts', () => {
  async function tlsCheck(cert: Parameters<typeof startTlsServer>[0]) {
    const server = await startTlsServer(cert);
    try {
      const report = newReport('t', 'p', 'TLS test', server.url, TPN);
      await runCheck(report, {
        target: async () => ({ profileId: 'p', baseUrl: server.url, tpn: TPN, authkey: SENTINEL, proxyTimeoutSeconds: 5 }),
        clientOptions: {},
        timeouts: DEFAULT_CHECK_TIMEOUTS,
        tlsCa: [server.cert],
        profileName: 'TLS test',
      });
      return report;
    } finally {
      await server.close();
    }
  }

  it('says an expired certificate has expired', async () => {
    const report = await tlsCheck({
      ips: ['127.0.0.1'],
      notBefore: new Date(Date.now() - 20 * 86_400_000),
      notAfter: new Date(Date.now() - 86_400_000),
    });
    expect(report.verdict).toMatchObject({ kind: 'tls-expired' });
    expect(report.verdict?.remedy).toMatch(/date and time/);
  });

  it('says a certificate for another name does not match the address', async () => {
    const report = await tlsCheck({ dnsNames: ['spin.example.com'] });
    expect(report.verdict).toMatchObject({ kind: 'tls-hostname' });
  });

  it('accepts a trusted certificate for the right address and goes on to HTTP', async () => {
    const report = await tlsCheck({ ips: ['127.0.0.1'] });
    expect(report.steps.find((s) => s.id === 'tls')).toMatchObject({ status: 'ok' });
    expect(report.steps.find((s) => s.id === 'tls')?.detail).toMatch(/^TLSv1\.[23], certificate for spin-desk test/);
  });
});
