import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Downloads } from '../services/handlers/downloads';
import { contentSecurityPolicy } from '../services/security/csp';
import { APP_SCHEME, registerAppScheme, serveRenderer } from './app-protocol';
import { net, protocol, resetFakes } from './test-support/fake-electron';

vi.mock('electron', () => import('./test-support/fake-electron'));

// A built renderer in a temporary folder, with a secret file beside it that must never be served.
const base = mkdtempSync(join(tmpdir(), 'spin-desk-protocol-'));
const root = join(base, 'renderer');
mkdirSync(join(root, 'assets'), { recursive: true });
writeFileSync(join(root, 'index.html'), '<!doctype html><title>spin-desk</title>');
writeFileSync(join(root, 'assets', 'app.js'), 'console.log(1)');
writeFileSync(join(base, 'secret.txt'), 'not for the page');

beforeEach(() => {
  resetFakes();
  // net.fetch of a file:// URL, as Electron does it: the file's bytes, or a failure when it is missing.
  net.fetch.mockImplementation(
    async (url: string) => new Response(readFileSync(fileURLToPath(url)), { headers: { 'content-type': 'text/plain' } }),
  );
});

/** How many pieces the fake download has handed out: the stream must ask for them one at a time. */
let handedOut = 0;
const downloads: Downloads = (path, query) => {
  if (path !== '/download/journal.csv') return { ok: false, status: 404, message: 'Not found' };
  if (query.get('filter') === 'bad') return { ok: false, status: 400, message: 'filter is not valid JSON' };
  async function* chunks() {
    for (const piece of ['a,b\r\n', '1,2\r\n', '3,4\r\n']) {
      handedOut += 1;
      yield piece;
    }
  }
  return { ok: true, download: { filename: 'x.csv', type: 'text/csv; charset=utf-8', chunks: chunks() } };
};

async function get(url: string): Promise<Response> {
  serveRenderer(root, () => downloads);
  const handler = protocol.handlers.get(APP_SCHEME);
  if (!handler) throw new Error('app:// has no handler');
  return handler(new Request(url));
}

describe('the app:// protocol', () => {
  it('is registered as a standard, secure scheme before the app is ready', () => {
    registerAppScheme();
    expect(protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([{ scheme: 'app', privileges: { standard: true, secure: true } }]);
  });

  it("serves the built renderer with the page's Content-Security-Policy as a header", async () => {
    const index = await get('app://spin-desk/');
    expect(index.status).toBe(200);
    expect(await index.text()).toContain('<title>spin-desk</title>');
    expect(index.headers.get('content-security-policy')).toBe(contentSecurityPolicy("'none'"));
    expect(index.headers.get('content-security-policy')).toContain("connect-src 'none'");
    expect(index.headers.get('x-content-type-options')).toBe('nosniff');
    const script = await get('app://spin-desk/assets/app.js');
    expect(await script.text()).toBe('console.log(1)');
  });

  it('serves nothing outside the renderer folder, from another host, or that does not exist', async () => {
    for (const url of [
      'app://spin-desk/%2e%2e/secret.txt',
      'app://spin-desk/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
      'app://spin-desk/..%5csecret.txt',
      'app://other-host/index.html',
      'app://spin-desk/%E0%A4%A',
      'app://spin-desk/missing.js',
    ]) {
      const response = await get(url);
      expect(response.status, url).toBe(404);
    }
    // Whatever reached the disk stayed inside the renderer folder.
    const asked = net.fetch.mock.calls.map(([url]) => fileURLToPath(url));
    expect(asked.filter((file) => !file.startsWith(root + sep))).toEqual([]);
  });

  it('streams a download piece by piece, asking for the next only once the last was read, as an attachment', async () => {
    handedOut = 0;
    const response = await get('app://spin-desk/download/journal.csv');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="x.csv"');
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('a,b\r\n');
    // The stream's queue holds at most one piece ahead of the reader: the rest are not made yet.
    expect(handedOut).toBeLessThanOrEqual(2);
    let rest = '';
    for (let next = await reader.read(); !next.done; next = await reader.read()) rest += new TextDecoder().decode(next.value);
    expect(rest).toBe('1,2\r\n3,4\r\n');
    expect((await get('app://spin-desk/download/journal.csv?filter=bad')).status).toBe(400);
    expect(await (await get('app://spin-desk/download/other.csv')).text()).toBe('Not found');
  });
});
