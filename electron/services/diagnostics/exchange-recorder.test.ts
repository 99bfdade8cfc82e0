import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Redactor } from '../security/redactor';
import { ExchangeRecorder } from './exchange-recorder';
import type { StoredEntry } from './log-entry';

// A request log written by an older spin-desk kept cardholder names, expiry dates and card tokens
// in its answers: they are gone from the log, and from requests.jsonl, once it is loaded.

const NAME = 'DOE/JANE Q';
const TOKEN = 'tok_FAKE4242cafe';

function olderEntry(id: string, answer: unknown): StoredEntry {
  return {
    id,
    at: '2025-01-02T03:04:05.000Z',
    durationMs: 12,
    endpoint: 'Sale',
    url: 'http://127.0.0.1:1/v2/Payment/Sale',
    tpn: 'OLDLOG0001',
    outcome: 'ok',
    explanation: 'Approved',
    request: { Tpn: 'OLDLOG0001', Authkey: '<AUTH_KEY>', ReferenceId: 'R1' },
    response: JSON.stringify(answer, null, 2),
    truncated: false,
  };
}

let dir = '';
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('ExchangeRecorder.open on an older request log', () => {
  it('removes names, expiry dates and tokens from the entries it loads, and rewrites the file without them', async () => {
    dir = await mkdtemp(join(tmpdir(), 'older-log-'));
    const file = join(dir, 'diagnostics', 'requests.jsonl');
    await mkdir(join(dir, 'diagnostics'));
    const personal = olderEntry('old-1', {
      GeneralResponse: { ResultCode: '0', StatusCode: '0000', Message: 'Approved' },
      Token: TOKEN,
      CardData: { Last4: '0119', ExpirationDate: '1230', Name: NAME },
      Receipts: { Customer: `<L>${NAME}</L>`, Merchant: '' },
    });
    const plain = olderEntry('old-2', { GeneralResponse: { ResultCode: '0', StatusCode: '0000', Message: 'Approved' } });
    await writeFile(file, `${JSON.stringify(personal)}\n${JSON.stringify(plain)}\n`);

    const recorder = await ExchangeRecorder.open({ redactor: new Redactor(), dataDir: dir, onError: (message) => expect.fail(message) });
    await recorder.close();

    const [newest, oldest] = recorder.log.recent(2);
    expect(newest?.response).toBe(plain.response);
    expect(JSON.parse(oldest?.response ?? '')).toEqual({
      GeneralResponse: { ResultCode: '0', StatusCode: '0000', Message: 'Approved' },
      Token: '[card token removed]',
      CardData: { Last4: '0119', ExpirationDate: '[expiry date removed]', Name: '[cardholder name removed]' },
      Receipts: { Customer: '<L>[cardholder name removed]</L>', Merchant: '' },
    });
    const onDisk = await readFile(file, 'utf8');
    expect(onDisk.trim().split('\n')).toHaveLength(2);
    for (const gone of [NAME, TOKEN, '1230']) expect(onDisk).not.toContain(gone);
  });

  it('leaves a log with nothing to remove as it is on disk', async () => {
    dir = await mkdtemp(join(tmpdir(), 'clean-log-'));
    const file = join(dir, 'diagnostics', 'requests.jsonl');
    await mkdir(join(dir, 'diagnostics'));
    const text = `${JSON.stringify(olderEntry('clean-1', { GeneralResponse: { ResultCode: '0' }, CardData: { Name: '' } }))}\n`;
    await writeFile(file, text);
    const recorder = await ExchangeRecorder.open({ redactor: new Redactor(), dataDir: dir, onError: (message) => expect.fail(message) });
    await recorder.close();
    expect(await readFile(file, 'utf8')).toBe(text);
  });
});
