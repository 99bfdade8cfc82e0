// The request log, copy-as-curl and the support bundle through the real channels, with a sentinel
// Authkey: it must appear nowhere the log, a curl command or a bundle can take it. A copied curl
// command, with the key typed back in, must get the same answer from the simulator as the app did.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../simulator';
import { AUTHKEY_PLACEHOLDER } from '../../electron/services/security/redactor';
import {
  supportBundleAbout,
  type CheckReport,
  type LogEntryDetail,
  type LogPage,
  type SupportBundle,
  type SupportBundleContent,
} from '@shared/ipc/diagnostics-views';
import type { ProfileView } from '@shared/ipc/profile-views';
import { addTerminal, data, SENTINEL, startServices } from './diagnostics-kit';

const TPN = 'LOGTERM001';
const run = promisify(execFile);
let sim: RunningSimulator;
let services: Awaited<ReturnType<typeof startServices>>;
let profile: ProfileView;
let dataDir: string;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, terminals: [{ tpn: TPN, authkey: SENTINEL }], processingDelayMs: 0, seed: 5 });
  dataDir = await mkdtemp(join(tmpdir(), 'spin-desk-diag-'));
  services = await startServices({ dataDir });
  profile = await addTerminal(services, 'Log lab', sim.url, TPN);
  await data(services, 'profiles:select', { id: profile.id });
  await data(services, 'payments:sale', { profileId: profile.id, amountCents: 1234, referenceId: 'LOGSALE1' });
  await services.dispatch('payments:sale', { profileId: profile.id, amountCents: 1015, referenceId: 'LOGSALE2' });
  await data(services, 'prompts:getCard', { profileId: profile.id });
  await data(services, 'transactions:status', {
    profileId: profile.id,
    paymentType: 'Credit',
    referenceId: 'LOGSALE1',
    getReceipt: 'Both',
  });
  await data<CheckReport>(services, 'diagnostics:check', { profileId: profile.id });
});
afterAll(async () => {
  await services?.close();
  await sim?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const log = (filter?: unknown) => data<LogPage>(services, 'diagnostics:log', filter);
const detail = (entryId: string) => data<LogEntryDetail>(services, 'diagnostics:logEntry', { entryId });

describe('request log', () => {
  it('holds every request, newest first, with codes and their explanation', async () => {
    const page = await log();
    // The connection check asks TerminalStatus (newest); Status is the lookup of LOGSALE1; the oldest
    // Status and StatusList are the witness read before LOGSALE1, the first sale, had a witness in the
    // journal (its own reference's 1001 names no batch, so the open batch's oldest transaction is read).
    expect(page.entries.map((e) => e.endpoint)).toEqual(['TerminalStatus', 'Status', 'GetCard', 'Sale', 'Sale', 'StatusList', 'Status']);
    expect(page.entries[0]).toMatchObject({ httpStatus: 200, outcome: 'ok' });
    expect(page.entries[0]?.explanation).toMatch(/terminal is Online/);
    const decline = page.entries[3];
    expect(decline).toMatchObject({
      endpoint: 'Sale',
      httpStatus: 200,
      resultCode: '1',
      statusCode: '1015',
      outcome: 'terminal',
      message: 'Declined',
    });
    expect(decline?.explanation).toMatch(/^Declined: /);
    expect(page.entries[4]).toMatchObject({ outcome: 'ok', statusCode: '0000', profileId: profile.id, tpn: TPN });
  });

  it('filters by endpoint, outcome and text', async () => {
    expect((await log({ endpoint: 'Sale' })).entries).toHaveLength(2);
    // The decline, and the witness read's 1001 (the first sale's own reference, not yet in the open batch).
    expect((await log({ outcome: 'terminal' })).entries.map((e) => e.statusCode)).toEqual(['1015', '1001']);
    expect((await log({ text: 'logsale2' })).entries.map((e) => e.endpoint)).toEqual(['Sale']);
    const none = await log({ endpoint: 'Settle' });
    expect(none).toMatchObject({ entries: [], matched: 0, kept: 7 });
  });

  it('keeps the Authkey out and card data to first 4 / last 4; track data is dropped', async () => {
    const page = await log();
    for (const entry of page.entries) {
      const full = await detail(entry.id);
      expect(JSON.stringify(full)).not.toContain(SENTINEL);
      expect(JSON.parse(full.request).Authkey).toBe(AUTHKEY_PLACEHOLDER);
      // No more than 4 leading digits of a card anywhere: not in a masked number, not as a BIN.
      expect(full.response).not.toMatch(/\d{5,}[*•]/);
      expect(full.response).not.toMatch(/"BIN": "\d{5,}"/);
    }
    const card = await detail(page.entries[2]!.id);
    const response = JSON.parse(card.response) as { CardData?: Record<string, string> } & Record<string, unknown>;
    expect(JSON.stringify(response)).not.toMatch(/\d{7,}/);
    expect(card.response).toContain('[track data removed]');
  });

  it('shows the TerminalStatus URL with its key replaced, and copies it as a GET that gets the same answer', async () => {
    const entry = (await log({ endpoint: 'TerminalStatus' })).entries[0]!;
    expect(entry.url).toBe(`${sim.url}/v2/Common/TerminalStatus?request.tpn=${TPN}&request.authkey=${AUTHKEY_PLACEHOLDER}`);
    expect(JSON.stringify(await detail(entry.id))).not.toContain(SENTINEL);
    const { command } = await data<{ command: string }>(services, 'diagnostics:curl', { entryId: entry.id });
    expect(command).toBe(`curl -sS '${entry.url}'`);
    const { stdout } = await run('sh', ['-c', command.replace(AUTHKEY_PLACEHOLDER, SENTINEL)]);
    expect(JSON.parse(stdout)).toEqual(JSON.parse((await detail(entry.id)).response));
  });

  it('copies a request as curl that gets the same answer from the simulator', async () => {
    const status = (await log({ endpoint: 'Status', text: 'LOGSALE1' })).entries[0]!;
    const { command } = await data<{ command: string }>(services, 'diagnostics:curl', { entryId: status.id });
    expect(command).not.toContain(SENTINEL);
    expect(command).toContain(AUTHKEY_PLACEHOLDER);
    const { stdout } = await run('sh', ['-c', command.replace(AUTHKEY_PLACEHOLDER, SENTINEL)]);
    const replayed = JSON.parse(stdout) as Record<string, unknown> & { GeneralResponse: Record<string, unknown> };
    const app = JSON.parse((await detail(status.id)).response) as typeof replayed;
    expect(pick(replayed.GeneralResponse)).toEqual(pick(app.GeneralResponse));
    for (const field of ['ReferenceId', 'TransactionType', 'AuthCode', 'TransactionNumber', 'BatchNumber', 'Amounts']) {
      expect(replayed[field], field).toEqual(app[field]);
    }
    expect((replayed.CardData as { Last4: string }).Last4).toBe((app.CardData as { Last4: string }).Last4);
  });

  it('survives a restart from the data folder, and clearing empties it', async () => {
    await services.close();
    const again = await startServices({ dataDir });
    try {
      const restored = await data<LogPage>(again, 'diagnostics:log');
      expect(restored.kept).toBe(7);
      const file = await readFile(join(dataDir, 'diagnostics', 'requests.jsonl'), 'utf8');
      expect(file).not.toContain(SENTINEL);
      expect(await data(again, 'diagnostics:clearLog')).toEqual({ cleared: 7 });
      await again.close();
      expect((await readFile(join(dataDir, 'diagnostics', 'requests.jsonl'), 'utf8')).trim()).toBe('');
    } finally {
      services = await startServices({ dataDir });
    }
  });
});

describe('support bundle', () => {
  it('has what support needs and never the key', async () => {
    const fresh = await addTerminal(services, 'Bundle lab', sim.url, TPN);
    await data(services, 'payments:sale', { profileId: fresh.id, amountCents: 500, referenceId: 'BUNDLE1' });
    await data(services, 'diagnostics:check', { profileId: fresh.id });
    const bundle = await data<SupportBundle>(services, 'diagnostics:bundle');
    expect(bundle.filename).toMatch(/^spin-desk-support-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.json$/);
    expect(bundle.json).not.toContain(SENTINEL);
    const content = JSON.parse(bundle.json) as SupportBundleContent;
    expect(content).toMatchObject({ kind: 'spin-desk-support-bundle', app: { version: 'test' }, secretStorage: { level: 'memory' } });
    expect(content.os.platform).toBe(process.platform);
    expect(content.profiles.map((p) => p.name)).toContain('Bundle lab');
    expect(content.journal.byState.approved).toBeGreaterThanOrEqual(1);
    expect(content.connectionChecks.find((c) => c.profileId === fresh.id)?.verdict?.kind).toBe('ready');
    expect(content.terminalStates.find((s) => s.profileId === fresh.id)?.state).toBe('online');
    // Each request names its terminal and carries its date, so seven terminals' entries can be placed.
    expect(content.requestLog.entries[0]).toMatchObject({ endpoint: 'TerminalStatus', profileName: 'Bundle lab', tpn: TPN });
    expect(content.requestLog.entries[0]?.at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(content.requestLog.entries.find((entry) => entry.referenceId === 'BUNDLE1')).toMatchObject({ profileName: 'Bundle lab' });
    expect(content.requestLog.entries[0]?.url).toContain(`request.authkey=${AUTHKEY_PLACEHOLDER}`);
  });

  it('holds no cardholder name, expiry date or card token, nor does the request log on disk, and opens with what it holds', async () => {
    // The simulator's answers carry all three (CardData.Name, CardData.ExpirationDate and IPosToken; production sends no Token).
    const records = sim.control.getState(TPN).records as unknown as {
      IPosToken: string;
      CardData: { Name: string; ExpirationDate: string };
    }[];
    expect(records.length).toBeGreaterThan(0);
    const bundle = await data<SupportBundle>(services, 'diagnostics:bundle');
    await services.close();
    const onDisk = await readFile(join(dataDir, 'diagnostics', 'requests.jsonl'), 'utf8');
    services = await startServices({ dataDir });
    for (const text of [bundle.json, onDisk]) {
      for (const record of records) {
        expect(text).not.toContain(record.IPosToken);
        expect(text).not.toContain(record.CardData.Name);
      }
    }
    const content = JSON.parse(bundle.json) as SupportBundleContent;
    const sale = content.requestLog.entries.find((e) => e.endpoint === 'Sale' && e.statusCode === '0000');
    expect(JSON.parse(sale?.response ?? '{}')).toMatchObject({
      IPosToken: '[card token removed]',
      CardData: { Last4: expect.stringMatching(/^\d{4}$/), ExpirationDate: '[expiry date removed]', Name: '[cardholder name removed]' },
    });
    expect(content.about).toEqual({ holds: [...supportBundleAbout().holds], leftOut: supportBundleAbout().leftOut });
  });
});

function pick(gr: Record<string, unknown>) {
  return { ResultCode: gr.ResultCode, StatusCode: gr.StatusCode, Message: gr.Message };
}
