import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createAppServices } from '../services/app-services';
import { claimDataFolder, DataFolderBusy, type DataFolderClaim } from '../services/data-folder/data-folder-lock';
import { openSettings, SETTINGS_FILE } from '../services/data-folder/open-settings';
import type { JournalWriteError } from '../services/journal/journal-errors';
import { Redactor } from '../services/security/redactor';
import { MemoryStore, stoppableStore, type KeyValueStore } from '../services/settings/key-value-store';
import { MemoryVault } from '../services/vault/secret-vault';
import { consoleSink } from './console-sink';
import { HostLog } from './host-log';
import { startHost } from './host-server';

/**
 * `npm run start:browser`: the app for machines where Electron cannot run. Prints the URL to open
 * as the first line of stdout; stderr stays quiet but for problems, unless --verbose asks for the
 * JSON line of every request. Settings and the payment journal persist in --data-dir; Authkeys are kept in
 * memory only, because plain Node has no OS keychain (the demo terminal's key is public and set
 * again on each start).
 */
function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '0' },
      'data-dir': { type: 'string' },
      static: { type: 'string', default: 'out/renderer' },
      'demo-delay-ms': { type: 'string', default: '600' },
      verbose: { type: 'boolean', default: false },
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail('--port must be a whole number from 0 to 65535');
  const delay = Number(values['demo-delay-ms']);
  if (!Number.isInteger(delay) || delay < 0 || delay > 60_000) fail('--demo-delay-ms must be a whole number from 0 to 60000');
  const staticDir = resolve(values.static);
  try {
    readFileSync(join(staticDir, 'index.html'));
  } catch {
    fail(`--static ${staticDir} holds no built renderer (index.html); run npm run build:renderer`);
  }
  return run(port, delay, staticDir, values['data-dir'], values.verbose);
}

async function run(port: number, delay: number, staticDir: string, dataDir: string | undefined, verbose: boolean): Promise<void> {
  // The app's one Redactor, shared with the services: nothing reaches stderr before it has passed.
  const redactor = new Redactor();
  const log = new HostLog({ sink: consoleSink({ verbose, write: (line) => process.stderr.write(`${redactor.text(line)}\n`) }) });
  let store: KeyValueStore = new MemoryStore();
  let readOnly: JournalWriteError | undefined;
  let claim: DataFolderClaim | undefined;
  let lockLost = (_reason: JournalWriteError): void => undefined;
  let stopSettings = (_reason: JournalWriteError): void => undefined;
  if (dataDir) {
    claim = await claimDataFolder(dataDir, { shell: 'browser', onLost: (reason) => lockLost(reason) }).catch((error: unknown) => {
      if (error instanceof DataFolderBusy) fail(error.message, 3);
      throw error;
    });
    const folderReadOnly = claim.mode === 'read-only' ? claim.reason : undefined;
    if (folderReadOnly)
      log.error(`The data folder ${dataDir} cannot be written (${folderReadOnly.errno ?? folderReadOnly.fault}): starting read-only.`);
    const settings = openSettings({ file: join(dataDir, SETTINGS_FILE), readOnly: folderReadOnly });
    if (settings.damaged) log.error(`${settings.damaged.message} Starting read-only. ${settings.damaged.remedy}`);
    const guarded = stoppableStore(settings.store);
    stopSettings = (reason) => guarded.stopWriting(reason);
    store = guarded;
    readOnly = settings.readOnly;
  }
  const version = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  const services = await createAppServices({
    store,
    vault: new MemoryVault(),
    info: { name: 'spin-desk', version, shell: 'browser' },
    log,
    redactor,
    demoProcessingDelayMs: delay,
    ...(dataDir ? { dataDir } : {}),
    ...(readOnly ? { dataFolderReadOnly: readOnly } : {}),
  });
  // The folder may belong to another copy now: no more writes of any kind (settings, journal, request log).
  lockLost = (reason) => {
    stopSettings(reason);
    services.lockLost(reason);
  };
  const host = await startHost({ dispatch: services.dispatch, downloads: services.downloads, staticDir, port, log });
  process.stdout.write(`${host.url}\n`);
  const stop = async () => {
    await host.close();
    await services.close();
    await claim?.release();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** Exit codes: 2 bad arguments, 3 the data folder is in use by another spin-desk. */
function fail(message: string, code = 2): never {
  process.stderr.write(`spin-desk host: ${message}\n`);
  process.exit(code);
}

await main();
