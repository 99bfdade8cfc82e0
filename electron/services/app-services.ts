import * as m from '@shared/i18n/paraglide/messages/_index.js';
import type { AppInfo } from '@shared/ipc/app-views';
import { BASE_LANGUAGE } from '@shared/i18n/languages';
import type { UpdateStatus } from '@shared/ipc/update-views';
import { AppFailure } from './app-failure';
import { join } from 'node:path';
import { DEMO_AUTHKEY, DEMO_STATE_FILE, DEMO_TPN, DemoTerminal } from './demo/demo-terminal';
import { createHandlers } from './handlers/create-handlers';
import { createDispatch, type Dispatch, type DispatchLog } from './handlers/dispatch';
import { createDownloads, type Downloads } from './handlers/downloads';
import { storageHealth } from './data-folder/storage-health';
import type { JournalWriteError } from './journal/journal-errors';
import type { Journal } from './journal/journal';
import { openJournal } from './journal/open-journal';
import { BackupSchedule } from './journal/journal-backup';
import { backupsView, checkJournal, restoreBackup, type RestoreDeps } from './journal/journal-restore';
import type { JournalCare } from './handlers/journal-backup-handlers';
import { MemoryJournal } from './journal/sqlite-journal';
import { resumeMoneyMove, type MoneyMoveDeps } from './payments/money-move';
import { ProfileService } from './profiles/profile-service';
import { JournalService } from './journal/journal-service';
import { resolvePolicy, type RecoveryPolicy } from './recovery/policy';
import { Reconciler } from './recovery/reconciler';
import { rebuildLostTail } from './recovery/batch-rebuild';
import { RecoveryRegistry } from './recovery/recovery-registry';
import { DiagnosticsService } from './diagnostics/diagnostics-service';
import { ExchangeRecorder } from './diagnostics/exchange-recorder';
import { redactingVault } from './security/redacting-vault';
import { TerminalActivity } from './terminal/terminal-activity';
import { ReportLane } from './terminal/report-lane';
import type { TerminalDeps } from './terminal/terminal-call';
import { Redactor } from './security/redactor';
import type { SpinExchange } from './spin/spin-client';
import type { KeyValueStore, StoppableStore } from './settings/key-value-store';
import { languageSetting } from './settings/language-setting';
import { spokenLanguage } from './settings/main-language';
import type { Language } from '@shared/i18n/languages';
import type { SecretVault } from './vault/secret-vault';
import { notUpdatedHere } from './updates/update-service';

export interface AppServicesOptions {
  store: KeyValueStore;
  vault: SecretVault;
  info: AppInfo;
  log: DispatchLog;
  /** Simulated terminal think time of the demo terminal (ms). */
  demoProcessingDelayMs?: number;
  /** Sees every SPIn exchange raw (Authkey and card data included): redact before keeping anything. */
  onExchange?: (exchange: SpinExchange) => void;
  /** The app's one Redactor; the browser host passes the one its log sink uses. */
  redactor?: Redactor;
  /**
   * Folder for data that must survive a crash: the payment journal lives in <dataDir>/journal.sqlite.
   * Without it the journal is kept in memory (tests, a browser host without --data-dir).
   */
  dataDir?: string;
  /** Resend and lookup timings; tests shorten them. */
  recoveryPolicy?: Partial<RecoveryPolicy>;
  /** How long the SPIn client waits past a request's SPInProxyTimeout (spin-client.ts); tests shorten it. */
  httpGraceMs?: number;
  /** Set when the data folder cannot be written (see data-folder/data-folder-lock.ts): the journal opens read-only. */
  dataFolderReadOnly?: JournalWriteError;
  /** Free space on the data folder's disk; tests simulate a nearly full disk with it. */
  freeBytes?: (dir: string) => Promise<number>;
  /** The SPIn client's HTTP stack: Electron passes net.fetch; the default is undici (spin/undici-fetch.ts). */
  fetch?: typeof fetch;
  /** Where the installed app's updates stand (Electron's UpdateService); elsewhere spin-desk does not update itself. */
  updates?: () => UpdateStatus;
  /** A language was chosen (app:language): the Electron menu is built again with it checked. */
  onLanguageChosen?: (language: Language) => void;
  /**
   * The system's preferred languages (BCP 47, most wanted first): main speaks the first spin-desk
   * speaks until a language is chosen. Electron passes app.getPreferredSystemLanguages(); without
   * it, English.
   */
  systemLanguages?: readonly string[];
}

export interface AppServices {
  dispatch: Dispatch;
  profiles: ProfileService;
  demo: DemoTerminal;
  journal: Journal;
  registry: RecoveryRegistry;
  /** Start-up reconciliation of entries left without an outcome; `done` settles when it ends. */
  reconciler: Reconciler;
  /** Knows every Authkey the vault has seen; everything logged, exported or shown passes through it. */
  redactor: Redactor;
  diagnostics: DiagnosticsService;
  /** Files the page downloads by address (the History CSV), streamed by both shells. */
  downloads: Downloads;
  /** The data folder's lock was lost (another process, or the folder moved or deleted): stop writing, say why. */
  lockLost(reason: JournalWriteError): void;
  close(): Promise<void>;
}

/**
 * Wires the services both shells share. Electron's main and the browser host differ only in the
 * store and vault they pass in and in how requests reach dispatch().
 */
export async function createAppServices(options: AppServicesOptions): Promise<AppServices> {
  // One Redactor per app. The vault wrapper teaches it every Authkey stored or read, before any
  // request, log line or export can carry one; the dispatch log goes through it too.
  const redactor = options.redactor ?? new Redactor();
  const vault = redactingVault(options.vault, redactor);
  const log: DispatchLog = {
    error: (message, detail) => options.log.error(redactor.text(message), detail === undefined ? undefined : redactor.value(detail)),
  };
  // The demo batch is kept in the data folder unless another process holds it (read-only).
  const demoState = options.dataDir && !options.dataFolderReadOnly ? join(options.dataDir, DEMO_STATE_FILE) : undefined;
  const demo = new DemoTerminal({
    ...(options.demoProcessingDelayMs === undefined ? {} : { processingDelayMs: options.demoProcessingDelayMs }),
    ...(demoState ? { statePath: demoState } : {}),
    onError: (message) => log.error(message),
  });
  // Lookups waiting for an Authkey or a profile go on as soon as one is entered.
  let targetsChanged = () => {};
  const profiles = new ProfileService({ store: options.store, vault, demoBaseUrl: demo.baseUrl, onTargetsChanged: () => targetsChanged() });
  // Opened before the demo profile is set up: settings that already hold profiles show the folder
  // was used, so a missing or empty journal is damage, not a first start (open-journal.ts).
  const journal = options.dataDir
    ? openJournal(options.dataDir, {
        ...(options.dataFolderReadOnly ? { readOnly: options.dataFolderReadOnly } : {}),
        ...(profiles.isFirstLaunch() ? {} : { usedBefore: (language?: Language) => m.sys_journal_profiles_kept({}, { locale: language }) }),
      })
    : new MemoryJournal();
  // A journal another process holds (this copy took a folder whose lock file was deleted): that
  // copy owns the folder, so this one saves no settings either; saying "saved" to a change the
  // owner would overwrite is worse than refusing it.
  const held = journal.health().error;
  if (held?.fault === 'LOCK_LOST' && 'stopWriting' in options.store) (options.store as StoppableStore).stopWriting(held);
  await prepareDemo(profiles, vault).catch((error: unknown) => {
    // Settings that cannot be written (a full disk, no free files) must not stop the app from
    // starting: it starts without the demo terminal, the banner (app:storage) says why, and the
    // next start tries again.
    if (!(error instanceof AppFailure && error.detail.code === 'SETTINGS_NOT_SAVED')) throw error;
    log.error(`The demo terminal could not be set up: ${error.message}`);
  });
  const registry = new RecoveryRegistry();
  // Every SPIn exchange feeds the request log (redacted) and the terminal's last known state.
  const recorder = await ExchangeRecorder.open({
    redactor,
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    readOnly: options.dataFolderReadOnly !== undefined,
    onError: (message) => log.error(message),
  });
  const activity = new TerminalActivity();
  const onExchange = (exchange: SpinExchange) => {
    recorder.observe(exchange);
    activity.observe(exchange);
    options.onExchange?.(exchange);
  };
  // The client scrubs every answer of the Authkeys this redactor knows before anything reads it.
  const clientOptions = {
    onExchange,
    redactor,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.httpGraceMs !== undefined ? { httpGraceMs: options.httpGraceMs } : {}),
  };
  // What every request to a terminal needs; the money-moving ones add the journal and recovery.
  const terminal: TerminalDeps = { profiles, clientOptions, activity, reportLane: new ReportLane() };
  const moneyMove: MoneyMoveDeps = { ...terminal, journal, registry, policy: resolvePolicy(options.recoveryPolicy) };
  const reconciler = new Reconciler(journal, (entry, parked) => resumeMoneyMove(moneyMove, entry, { parked }), log, {
    rebuild: () => rebuildLostTail({ terminal: { ...terminal, profiles }, journal }),
  });
  targetsChanged = () => reconciler.wake();
  const journalService = new JournalService({
    journal,
    registry,
    reconciler,
    resume: (entry) => resumeMoneyMove(moneyMove, entry),
    lookupBlocked: (profileId) => profiles.lookupBlocked(profileId),
  });
  const diagnostics = new DiagnosticsService({
    recorder,
    profiles,
    journal,
    journalService,
    info: options.info,
    clientOptions,
    moneyMove,
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
  });
  // The journal's backups: at start when the newest is a day old, then daily, while the app runs.
  const backups = options.dataDir
    ? new BackupSchedule({ dataDir: options.dataDir, database: () => journal.liveDatabase(), onError: (message) => log.error(message) })
    : undefined;
  const journalCare = careOf(journal, options.dataDir, backups, {
    paymentInFlight: () => paymentBeingSent(journal, registry),
    stopLookups: async () => {
      reconciler.stop();
      registry.stop();
      await reconciler.done;
    },
    resumeLookups: () => reconciler.start(),
  });
  const storage = () =>
    storageHealth({ journal, dataDir: options.dataDir, ...(options.freeBytes ? { freeBytes: options.freeBytes } : {}) });
  const language = spokenLanguage(languageSetting(options.store), options.systemLanguages ?? [], options.onLanguageChosen);
  const handlers = createHandlers({
    profiles,
    demo,
    // About (app:info) says where the data is; the support bundle's copy of the info leaves the path out.
    info: { ...options.info, ...(options.dataDir ? { dataFolder: options.dataDir } : {}) },
    terminal,
    moneyMove,
    journal: journalService,
    diagnostics,
    journalCare,
    storage,
    updates: options.updates ?? notUpdatedHere,
    language,
  });
  // In the background: the app is usable at once; pending entries show their progress meanwhile.
  reconciler.start();
  backups?.start();
  const close = async () => {
    await backups?.stop();
    reconciler.stop();
    registry.stop();
    await reconciler.done;
    await journal.close();
    await recorder.close();
    await demo.close();
  };
  const lockLost = (reason: JournalWriteError) => {
    journal.stopWriting(reason);
    recorder.stopWriting();
    demo.stopSaving();
    log.error(`spin-desk stopped writing to its data folder: ${reason.reasonIn(BASE_LANGUAGE)}. ${reason.remedyIn(BASE_LANGUAGE)}`);
  };
  // Answers (and the menu built next) are worded in the language the app starts in.
  await language.ready;
  return {
    dispatch: createDispatch(handlers, log, redactor),
    downloads: createDownloads(journalService, redactor),
    profiles,
    demo,
    journal,
    registry,
    reconciler,
    redactor,
    diagnostics,
    lockLost,
    close,
  };
}

/** Phases of a request still being sent (or resent): a restore must not cut into it. Lookups are stopped and resumed instead. */
const SENDING = new Set(['sending', 'busy-wait', 'resend-wait']);

/** The payment being sent now, named for the cashier ("Sale R-1"), or undefined when none is. */
function paymentBeingSent(journal: Journal, registry: RecoveryRegistry): string | undefined {
  const sending = journal.pending().find((entry) => SENDING.has(registry.live(entry.intent.id)?.phase ?? ''));
  return sending && `${sending.intent.op} ${sending.intent.ref}`;
}

/** Troubleshooting's check, backups and restore; without a data folder the journal is in memory and has no backups. */
function careOf(
  journal: ReturnType<typeof openJournal>,
  dataDir: string | undefined,
  backups: BackupSchedule | undefined,
  lookups: Pick<RestoreDeps, 'paymentInFlight' | 'stopLookups' | 'resumeLookups'>,
): JournalCare {
  if (!dataDir || !backups) {
    return {
      check: () => checkJournal(journal),
      backups: () => ({ backups: [], folder: '', refusal: m.sys_restore_in_memory() }),
      restore: () => Promise.reject(new AppFailure('NOT_FOUND', m.sys_restore_in_memory())),
    };
  }
  const deps: RestoreDeps = { dataDir, journal, ...lookups, backupsIdle: () => backups.done };
  return { check: () => checkJournal(journal), backups: () => backupsView(deps), restore: (name) => restoreBackup(deps, name) };
}

async function prepareDemo(profiles: ProfileService, vault: SecretVault): Promise<void> {
  if (profiles.isFirstLaunch()) await addDemoProfile(profiles, vault);
  await restoreDemoAuthkeys(profiles, vault);
}

/** On first launch the app opens on the built-in demo terminal, ready to take a sale. */
async function addDemoProfile(profiles: ProfileService, vault: SecretVault): Promise<void> {
  const view = await profiles.save({
    name: 'Demo terminal',
    environment: 'demo',
    tpn: DEMO_TPN,
    proxyTimeoutSeconds: 120,
    merchantNumber: null,
  });
  await vault.set(view.id, DEMO_AUTHKEY);
  await profiles.select(view.id);
}

/**
 * The demo terminal's key is public, so a vault that forgets keys between launches (the browser
 * host's) must not leave the demo profile unusable.
 */
async function restoreDemoAuthkeys(profiles: ProfileService, vault: SecretVault): Promise<void> {
  const { profiles: all } = await profiles.list();
  for (const profile of all) {
    if (profile.environment === 'demo' && !profile.hasAuthkey) await vault.set(profile.id, DEMO_AUTHKEY);
  }
}
