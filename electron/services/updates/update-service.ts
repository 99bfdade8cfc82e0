import * as m from '@shared/i18n/paraglide/messages/_index.js';
import type { UpdateState, UpdateStatus } from '@shared/ipc/update-views';
import { UpdatePolicyError, type UpdatePolicy } from './update-policy';

/** A check at start, then one a day for an app that stays open for weeks at a counter. */
export const CHECK_EVERY_MS = 24 * 60 * 60 * 1000;
/** While a restart waits for the payments to end, how often it asks whether they have. */
export const INSTALL_POLL_MS = 2000;

/** The answer of app:updates (worded when asked) wherever spin-desk does not update itself (the browser host, an unpackaged start). */
export function notUpdatedHere(): UpdateStatus {
  return { state: 'not-here', message: m.sys_updates_not_here() };
}

/** What the service uses of electron-updater's AppUpdater (electron/main/updates.ts passes the real one). */
export interface Updater {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  channel: string | null;
  checkForUpdates(): Promise<{
    isUpdateAvailable: boolean;
    updateInfo: { version: string };
  } | null>;
  /** Downloads what the last check found (electron-updater checks its sha512 against the feed). */
  downloadUpdate(): Promise<unknown>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
}

export interface UpdateServiceOptions {
  updater: Updater;
  /** The policy in force, or why there is none (a policy file that cannot be followed): then updates stay off. */
  policy: UpdatePolicy | Error;
  /** Payments in flight or waiting for a lookup (open-payments.ts): a restart now would cut into them. */
  openPayments: () => number;
  /** Each change of state, for the menu's "Restart to update". */
  onChange?: (status: UpdateStatus) => void;
  log: (message: string) => void;
  now?: () => Date;
}

/** A semver version with a prerelease part: "2.0.0-beta.1", "1.3.0-rc.2+build.7" (build metadata alone is no prerelease). */
const PRERELEASE = /^v?\d+\.\d+\.\d+-[0-9A-Za-z.-]+(?:\+[0-9A-Za-z.-]+)?$/;

/** States in which an update is downloaded and only waits to be installed: no need to look again. */
const DOWNLOADED: readonly UpdateState[] = ['ready', 'waiting'];

/**
 * Keeps the installed app current without ever restarting it mid-sale: checks at start and once a
 * day, lets electron-updater download in the background (it checks the download's sha512 against
 * the feed, and on Windows the installer's signature), and installs only when no payment is in
 * flight or waiting for a lookup, either when the user chooses "Restart to update" or when the app
 * quits. The banner and the menu read `status()`.
 */
export class UpdateService {
  readonly #options: UpdateServiceOptions;
  readonly #now: () => Date;
  #policy: UpdatePolicy | Error;
  #state: UpdateState;
  #version: string | undefined;
  #lastCheck: Date | undefined;
  #problem = '';
  /** A prerelease the last check found on "latest" and left alone. */
  #skipped: string | undefined;
  #checkTimer: ReturnType<typeof setInterval> | undefined;
  #installTimer: ReturnType<typeof setInterval> | undefined;

  constructor(options: UpdateServiceOptions) {
    this.#options = options;
    this.#policy = options.policy;
    this.#now = options.now ?? (() => new Date());
    const { updater, policy } = options;
    this.#state = policy instanceof Error || !policy.automatic ? 'off' : 'idle';
    // Downloading and installing are this service's decisions alone (see check and beforeQuit):
    // electron-updater would otherwise fetch what the check finds, a prerelease on "latest" too.
    updater.autoDownload = false;
    updater.autoInstallOnAppQuit = false;
    // Setting a channel also lets electron-updater go down a version, which is what moving a store
    // from "beta" back to a pinned channel needs; "latest" is the feed's own default and left alone.
    if (!(policy instanceof Error) && policy.channel !== 'latest') updater.channel = policy.channel;
  }

  /** Checks now (in the background: start-up does not wait for the network) and then once a day. */
  start(): void {
    if (this.#state === 'off' || this.#checkTimer) return;
    void this.check();
    this.#checkTimer = setInterval(() => void this.check(), CHECK_EVERY_MS);
  }

  stop(): void {
    clearInterval(this.#checkTimer);
    clearInterval(this.#installTimer);
    this.#checkTimer = undefined;
    this.#installTimer = undefined;
  }

  /** Whether the store's policy file decides (then the app's own setting changes nothing). */
  get managed(): boolean {
    return this.#policy instanceof Error || this.#policy.source === 'policy';
  }

  /**
   * The app's own setting changed (Help → Check for updates automatically). Turning it off stops
   * the checks; an update already downloaded still installs as before.
   */
  setAutomatic(on: boolean): void {
    if (this.#policy instanceof Error || this.managed) return;
    this.#policy = { ...this.#policy, automatic: on, source: 'setting' };
    if (on && this.#state === 'off') {
      this.#set('idle');
      this.start();
    } else if (!on && !DOWNLOADED.includes(this.#state)) {
      this.stop();
      this.#set('off');
    }
  }

  /** One check, and the download of what it finds. Never throws: a failure is a state until the next check. */
  async check(): Promise<void> {
    if (this.#state === 'off' || this.#state === 'checking' || this.#state === 'downloading' || DOWNLOADED.includes(this.#state)) return;
    this.#set('checking');
    try {
      const result = await this.#options.updater.checkForUpdates();
      this.#lastCheck = this.#now();
      // Turned off while the check was out (setAutomatic): it finds nothing to download.
      if (this.#turnedOff()) return;
      if (!result?.isUpdateAvailable) return this.#set('idle');
      if (this.#prereleaseRefused(result.updateInfo.version)) return this.#set('idle');
      this.#version = result.updateInfo.version;
      this.#set('downloading');
      await this.#options.updater.downloadUpdate();
      this.#set('ready');
    } catch (error) {
      this.#lastCheck ??= this.#now();
      this.#problem = error instanceof Error ? error.message : String(error);
      this.#options.log(`The update check failed: ${this.#problem}`);
      this.#set('error');
    }
  }

  /**
   * "Restart to update": installs now when no payment is open; otherwise waits, asking every
   * INSTALL_POLL_MS, and installs the moment the last one has its outcome.
   */
  restartToUpdate(): void {
    if (!DOWNLOADED.includes(this.#state)) return;
    if (this.#installIfClear()) return;
    this.#set('waiting');
    this.#installTimer ??= setInterval(() => this.#installIfClear(), INSTALL_POLL_MS);
  }

  /** Called as the app begins to quit: a downloaded update is installed on the way out unless a payment is open. */
  beforeQuit(): void {
    this.#options.updater.autoInstallOnAppQuit = DOWNLOADED.includes(this.#state) && this.#options.openPayments() === 0;
  }

  status(): UpdateStatus {
    const version = this.#version;
    return {
      state: this.#state,
      ...(version ? { version } : {}),
      ...(this.#lastCheck ? { lastCheck: this.#lastCheck.toISOString() } : {}),
      message: this.#message(),
      ...(this.managed ? { managed: true } : {}),
    };
  }

  #installIfClear(): boolean {
    if (this.#options.openPayments() > 0) return false;
    clearInterval(this.#installTimer);
    this.#installTimer = undefined;
    this.stop();
    // Silent (the one-click installer asks nothing) and started again afterwards.
    this.#options.updater.quitAndInstall(true, true);
    return true;
  }

  /**
   * "latest" is the released line: a feed whose newest version is a prerelease (semver's "-" part,
   * 2.0.0-beta.1) on it is not followed, whatever electron-updater would do (its allowPrerelease is
   * for GitHub feeds only). A store that wants betas names their channel.
   */
  #prereleaseRefused(version: string): boolean {
    const policy = this.#policy;
    const prerelease = PRERELEASE.test(version);
    this.#skipped = prerelease && !(policy instanceof Error) && policy.channel === 'latest' ? version : undefined;
    if (this.#skipped) this.#options.log(`The update feed offers ${version}, a prerelease: the "latest" channel takes releases only.`);
    return this.#skipped !== undefined;
  }

  #turnedOff(): boolean {
    return this.#state === 'off';
  }

  #set(state: UpdateState): void {
    this.#state = state;
    this.#options.onChange?.(this.status());
  }

  /** Worded at each status(): the banner and the menu read it in the language of that moment. */
  #message(): string {
    const policy = this.#policy;
    const version = this.#version ?? '';
    switch (this.#state) {
      case 'off':
        if (policy instanceof Error)
          return m.sys_updates_off_because({ reason: policy instanceof UpdatePolicyError ? policy.shownMessage() : policy.message });
        return policy.source === 'policy' ? m.sys_updates_off_by_policy() : m.sys_updates_off_in_settings();
      case 'checking':
        return m.sys_updates_checking();
      case 'downloading':
        return m.sys_updates_downloading({ version });
      case 'ready':
        return m.sys_updates_ready({ version });
      case 'waiting': {
        const open = this.#options.openPayments();
        return open === 1 ? m.sys_updates_waiting_one({ version }) : m.sys_updates_waiting_many({ version, count: open });
      }
      case 'error':
        return m.sys_updates_failed({ problem: this.#problem });
      default:
        if (this.#skipped) return m.sys_updates_up_to_date_skipped({ version: this.#skipped });
        return this.#lastCheck ? m.sys_updates_up_to_date() : m.sys_updates_no_check();
    }
  }
}
