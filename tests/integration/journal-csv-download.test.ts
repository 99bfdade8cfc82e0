// The History CSV as a download through the browser host (GET /download/journal.csv): a chunked
// response written as the journal is read, the same text journal:exportCsv builds in one piece (test
// across), and a sale through the same host answered while the download is held half-read. The
// figures at 1,000,000 entries (flat memory, a sale's time during an export) are in
// bench/csv-export.ts and BENCHMARKS.md, never timed here.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalCsvAddress, type JournalCsv } from '@shared/ipc/journal-views';
import { startHost, type RunningHost } from '../../electron/host/host-server';
import { createAppServices, type AppServices } from '../../electron/services/app-services';
import { MemoryStore } from '../../electron/services/settings/key-value-store';
import { MemoryVault } from '../../electron/services/vault/secret-vault';

const TOKEN = 'test-token-not-a-secret';
/** More than one piece of the CSV (1,000 rows) and several slices of the journal's stream (500). */
const ENTRIES = 2_500;

let services: AppServices;
let host: RunningHost;
let staticDir: string;

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'csv-download-'));
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>spin-desk</title>');
  services = await createAppServices({
    store: new MemoryStore(),
    vault: new MemoryVault(),
    info: { name: 'spin-desk', version: 'test', shell: 'browser' },
    log: { error: () => undefined },
    demoProcessingDelayMs: 1,
  });
  for (let i = 0; i < ENTRIES; i += 1) {
    const entry = await services.journal.recordIntent({
      op: 'Sale',
      ref: `DL${String(i).padStart(5, '0')}`,
      tpn: 'Z9FAKE0001',
      profileId: 'fake-profile',
      paymentType: 'Credit',
      amountCents: 100 + i,
      tipCents: 0,
      deadlineMs: Date.now() + 60_000,
    });
    await services.journal.recordOutcome(entry.intent.id, {
      result: i % 10 === 0 ? 'declined' : 'approved',
      statusCode: i % 10 === 0 ? '1015' : '0000',
      message: i % 10 === 0 ? 'Declined' : 'Approved',
      ...(i % 10 === 0 ? {} : { approvedCents: 100 + i }),
    });
  }
  host = await startHost({ dispatch: services.dispatch, downloads: services.downloads, staticDir, token: TOKEN });
});
afterAll(async () => {
  await host.close();
  await services.close();
  rmSync(staticDir, { recursive: true, force: true });
});

const cookie = `spin_desk_token=${TOKEN}`;

/** A GET as the page's download link makes it (the cookie, the host's own Host header); the response unread. */
function get(path: string, headers: Record<string, string> = { cookie }): Promise<IncomingMessage> {
  const url = new URL(host.origin);
  return new Promise((resolve, reject) => {
    request({ host: url.hostname, port: url.port, path, headers: { host: url.host, ...headers } }, resolve)
      .on('error', reject)
      .end();
  });
}

async function bodyOf(response: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of response) body += (chunk as Buffer).toString('utf8');
  return body;
}

async function post(channel: string, input: unknown): Promise<{ ok: boolean; data?: unknown }> {
  const response = await fetch(`${host.origin}/api/${channel}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(input),
  });
  return (await response.json()) as { ok: boolean; data?: unknown };
}

describe('the History CSV as a download', () => {
  it('streams every matching entry as a chunked attachment, the same CSV journal:exportCsv builds, with a byte order mark', async () => {
    const filter = { state: 'approved' as const };
    const response = await get(journalCsvAddress(filter));
    expect(response.statusCode).toBe(200);
    expect(response.headers['transfer-encoding']).toBe('chunked');
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="spin-desk-journal-[\dT-]+\.csv"$/);
    const streamed = await bodyOf(response);
    const whole = (await post('journal:exportCsv', filter)).data as JournalCsv;
    expect(whole.rows).toBe(ENTRIES - ENTRIES / 10);
    expect(streamed).toBe(`\uFEFF${whole.csv}`);
  });

  it('answers a sale while a download is held half-read: the export waits for the reader, the payments do not', async () => {
    const response = await get(journalCsvAddress({}));
    response.pause();
    const sale = await post('payments:sale', { amountCents: 1234, referenceId: 'DURINGCSV1' });
    expect(sale).toMatchObject({ ok: true, data: { outcome: 'approved' } });
    response.resume();
    const rows = (await bodyOf(response)).trimEnd().split('\r\n');
    // The header and every entry recorded before the download began; the sale came after.
    expect(rows).toHaveLength(1 + ENTRIES);
    expect(rows.some((row) => row.includes('DURINGCSV1'))).toBe(false);
  });

  it('refuses a filter that breaks a rule, naming the field, and a request without the token', async () => {
    const bad = await get(`/download/journal.csv?filter=${encodeURIComponent(JSON.stringify({ last4: '12' }))}`);
    expect(bad.statusCode).toBe(400);
    expect(await bodyOf(bad)).toBe('last4 must be exactly 4 digits');
    const unknown = await get('/download/nothing.csv');
    expect(unknown.statusCode).toBe(404);
    await bodyOf(unknown);
    const stranger = await get(journalCsvAddress({}), {});
    expect(stranger.statusCode).toBe(403);
    await bodyOf(stranger);
  });
});
