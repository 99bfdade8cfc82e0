import { app } from 'electron';
import electronUpdater from 'electron-updater';
import type { UpdateStatus } from '@shared/ipc/update-views';
import type { AppServices } from '../services/app-services';
import type { KeyValueStore } from '../services/settings/key-value-store';
import { openPayments } from '../services/updates/open-payments';
import { resolveUpdatePolicy, UPDATE_SETTING_KEY, UpdatePolicyError } from '../services/updates/update-policy';
import { notUpdatedHere, UpdateService, type Updater } from '../services/updates/update-service';

/** What the menu, About and app:updates ask of updates. */
export interface Updates {
  status(): UpdateStatus;
  restartToUpdate(): void;
  /** The app's own setting (Help → Check for updates automatically), kept in the settings. */
  setAutomatic(on: boolean): void;
}

/** The part of electron-updater's AppUpdater this file sets up beyond what the UpdateService drives. */
type AppUpdater = Updater &
  Pick<electronUpdater.AppUpdater, 'setFeedURL' | 'forceDevUpdateConfig'> & { logger: electronUpdater.Logger | null };

export interface UpdatesOptions {
  dataDir: string;
  store: KeyValueStore;
  services: Pick<AppServices, 'journal' | 'registry'>;
  onChange: (status: UpdateStatus) => void;
  log: (message: string) => void;
  /** electron-updater's updater for this installer; a test passes a stand-in. */
  updater?: () => AppUpdater;
}

/**
 * Where the app does not update itself: an unpackaged start (`npm start`, the tests) has no
 * app-update.yml, so it checks nothing unless the store's policy file names a feed (below).
 */
export const NO_UPDATES: Updates = { status: notUpdatedHere, restartToUpdate: () => undefined, setAutomatic: () => undefined };

/**
 * Starts the updates of an installed app: electron-updater's updater for this installer (nsis,
 * dmg, AppImage, deb), reading the feed electron-builder wrote into app-update.yml (the publish
 * setting of electron-builder.yml) unless the store's policy names a feed of its own; the
 * UpdateService decides when to check and when to install. The first check runs in the
 * background: start-up never waits for it.
 *
 * An unpackaged run checks only when update-policy.json names a `feedUrl` (an http one on this
 * machine will do there): then it checks that feed as an installed app would. That is how a
 * developer tries a feed, and how the Electron smoke test proves that a check whose feed never
 * answers does not hold up the start.
 */
export async function startUpdates(options: UpdatesOptions): Promise<Updates> {
  const development = !app.isPackaged;
  const setting = options.store.get(UPDATE_SETTING_KEY);
  const policy = await resolveUpdatePolicy(options.dataDir, setting, options.log, { development }).catch((error: unknown) => {
    if (!(error instanceof UpdatePolicyError)) throw error;
    options.log(error.message);
    return error;
  });
  if (development && (policy instanceof Error || policy.source !== 'policy' || !policy.feedUrl)) return NO_UPDATES;
  const updater = (options.updater ?? (() => electronUpdater.autoUpdater))();
  // Unpackaged, electron-updater skips every check unless forced; the feed set below then stands
  // in for the dev-app-update.yml it would otherwise read. (A download of what it finds still reads
  // that file, which the repository does not have: a development run checks but installs nothing.)
  if (development) updater.forceDevUpdateConfig = true;
  // electron-updater talks on the console by default; its warnings and errors go to the app's log.
  const toLog = (message: unknown) => options.log(String(message));
  updater.logger = { info: () => undefined, warn: toLog, error: toLog };
  if (!(policy instanceof Error) && policy.feedUrl)
    updater.setFeedURL({ provider: 'generic', url: policy.feedUrl, channel: policy.channel });
  const service = new UpdateService({
    updater,
    policy,
    openPayments: () => openPayments(options.services.journal, options.services.registry),
    onChange: options.onChange,
    log: options.log,
  });
  app.on('before-quit', () => service.beforeQuit());
  service.start();
  return {
    status: () => service.status(),
    restartToUpdate: () => service.restartToUpdate(),
    setAutomatic: (on) => {
      if (service.managed) return;
      service.setAutomatic(on);
      const own = typeof setting === 'object' && setting !== null ? setting : {};
      try {
        options.store.set(UPDATE_SETTING_KEY, { ...own, automatic: on });
      } catch (error) {
        // A read-only data folder: the choice holds until spin-desk quits.
        options.log(`The update setting was not saved: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
  };
}
