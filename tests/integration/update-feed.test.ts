// electron-updater itself, driven by the app's UpdateService, against a feed on a real loopback HTTP
// server: the latest.yml electron-builder publishes and a stand-in installer. What the Electron
// binary would provide is replaced where electron-updater's own code allows it: an AppAdapter for
// the app (version, paths: the constructor takes one) and an HTTP executor on node:http for
// Electron's net (the base class is builder-util-runtime's, which does the download, the redirects
// and the sha512 check; only the socket differs). Windows' updater is used on every system: its
// files are the plain latest.yml, and without a publisherName it checks no Authenticode signature.
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, request, type ClientRequest, type IncomingMessage, type RequestOptions, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configureRequestOptions, configureRequestUrl, HttpExecutor, type DownloadOptions } from 'builder-util-runtime';
import electronUpdater from 'electron-updater';
import type { AppAdapter } from 'electron-updater/out/AppAdapter';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UpdatePolicy } from '../../electron/services/updates/update-policy';
import { UpdateService } from '../../electron/services/updates/update-service';

const INSTALLER = 'spin-desk-1.3.0-win-x64.exe';
const ARTIFACT = Buffer.from('a stand-in for the 1.3.0 installer\n'.repeat(2000));
const sha512 = (bytes: Buffer) => createHash('sha512').update(bytes).digest('base64');

/** The feed as electron-builder writes it for Windows (latest.yml, or <channel>.yml for another channel). */
function feedYaml(version: string, checksum = sha512(ARTIFACT)): string {
  return [
    `version: ${version}`,
    'files:',
    `  - url: ${INSTALLER}`,
    `    sha512: ${checksum}`,
    `    size: ${ARTIFACT.length}`,
    `path: ${INSTALLER}`,
    `sha512: ${checksum}`,
    "releaseDate: '2026-11-26T08:00:00.000Z'",
    '',
  ].join('\n');
}

/** What the server answers per path; every request it gets is kept. */
const feed = new Map<string, string | Buffer>();
const asked: string[] = [];
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://feed').pathname;
    asked.push(path);
    const body = feed.get(path);
    if (body === undefined) res.writeHead(404).end();
    else res.writeHead(200, { 'content-length': Buffer.byteLength(body) }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/**
 * electron-updater's HTTP on node:http instead of Electron's net: `download` as its
 * ElectronHttpExecutor has it (the base class's doDownload streams to the file and checks the
 * sha512), `createRequest` on a plain socket.
 */
class LoopbackExecutor extends HttpExecutor<ClientRequest> {
  createRequest(options: RequestOptions, callback: (response: IncomingMessage) => void): ClientRequest {
    return request(options, callback);
  }

  download(url: URL, destination: string, options: DownloadOptions): Promise<string> {
    return options.cancellationToken.createPromise<string>((resolve, reject, onCancel) => {
      const requestOptions: RequestOptions = { headers: options.headers ?? undefined };
      configureRequestUrl(url, requestOptions);
      configureRequestOptions(requestOptions);
      this.doDownload(
        requestOptions,
        { destination, options, onCancel, callback: (error) => (error ? reject(error) : resolve(destination)), responseHandler: null },
        0,
      );
    });
  }
}

/** The installed app 1.2.3 as electron-updater sees it, with app-update.yml naming the loopback feed. */
function installedApp(): AppAdapter {
  const folder = mkdtempSync(join(tmpdir(), 'spin-desk-update-feed-'));
  const appUpdateConfigPath = join(folder, 'app-update.yml');
  writeFileSync(appUpdateConfigPath, `provider: generic\nurl: ${baseUrl}\nupdaterCacheDirName: spin-desk-updater\n`);
  return {
    version: '1.2.3',
    name: 'spin-desk',
    isPackaged: true,
    appUpdateConfigPath,
    userDataPath: folder,
    baseCachePath: folder,
    whenReady: async () => undefined,
    relaunch: () => undefined,
    quit: () => undefined,
    onQuit: () => undefined,
  };
}

function updaterService(policy: UpdatePolicy = { automatic: true, channel: 'latest', source: 'default' }) {
  const updater = new electronUpdater.NsisUpdater(null, installedApp());
  // Both are electron-updater's own (its tests set them the same way), not part of its typed API.
  const inside = updater as unknown as { httpExecutor: unknown; _testOnlyOptions: unknown };
  inside.httpExecutor = new LoopbackExecutor();
  // Windows' file names on any system; full downloads (no blockmap of 1.2.3 to diff against).
  inside._testOnlyOptions = { platform: 'win32', isUseDifferentialDownload: false };
  updater.logger = null;
  const service = new UpdateService({ updater, policy, openPayments: () => 0, log: vi.fn() });
  return { updater, service };
}

describe('electron-updater against a feed on a local HTTP server', () => {
  it('finds the newer version in latest.yml and downloads the installer, its sha512 checked', async () => {
    feed.clear();
    feed.set('/latest.yml', feedYaml('1.3.0'));
    feed.set(`/${INSTALLER}`, ARTIFACT);
    const { updater, service } = updaterService();
    const downloaded = new Promise<string>((resolve) => updater.once('update-downloaded', (info) => resolve(info.downloadedFile)));
    await service.check();
    expect(service.status()).toMatchObject({ state: 'ready', version: '1.3.0' });
    expect(await downloaded).toMatch(new RegExp(`${INSTALLER}$`));
    expect(asked).toEqual(expect.arrayContaining(['/latest.yml', `/${INSTALLER}`]));
  });

  it('refuses an installer whose bytes do not match the checksum the feed publishes', async () => {
    feed.clear();
    feed.set('/latest.yml', feedYaml('1.3.0', sha512(Buffer.from('what was published'))));
    feed.set(`/${INSTALLER}`, ARTIFACT);
    const { service } = updaterService();
    await service.check();
    expect(service.status()).toMatchObject({ state: 'error', message: expect.stringMatching(/sha512 checksum mismatch/) });
  });

  it('stays idle when the feed has nothing newer, and downloads nothing', async () => {
    feed.clear();
    asked.length = 0;
    feed.set('/latest.yml', feedYaml('1.2.3'));
    const { service } = updaterService();
    await service.check();
    expect(service.status().state).toBe('idle');
    expect(asked).toEqual(['/latest.yml']);
  });

  it('never takes a prerelease on "latest": electron-updater finds it newer, but nothing is downloaded (issue 38)', async () => {
    feed.clear();
    asked.length = 0;
    feed.set('/latest.yml', feedYaml('1.3.0-beta.1'));
    feed.set(`/${INSTALLER}`, ARTIFACT);
    const { service } = updaterService();
    await service.check();
    expect(service.status()).toMatchObject({ state: 'idle', message: expect.stringContaining('1.3.0-beta.1 is a prerelease') });
    expect(asked).toEqual(['/latest.yml']);
  });

  it("reads a pinned channel's own file", async () => {
    feed.clear();
    asked.length = 0;
    feed.set('/store-2026.yml', feedYaml('1.2.9'));
    feed.set(`/${INSTALLER}`, ARTIFACT);
    const { service } = updaterService({ automatic: true, channel: 'store-2026', source: 'policy' });
    await service.check();
    expect(asked[0]).toBe('/store-2026.yml');
    expect(service.status()).toMatchObject({ state: 'ready', version: '1.2.9' });
  });
});
