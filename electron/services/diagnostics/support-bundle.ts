import { arch, platform, release } from 'node:os';
import {
  BUNDLE_LOG_ENTRIES,
  supportBundleAbout,
  type CheckReport,
  type CrashDump,
  type SupportBundle,
  type SupportBundleContent,
  type TerminalStateView,
} from '@shared/ipc/diagnostics-views';
import { JournalState } from '@shared/ipc/journal-views';
import { BASE_LANGUAGE } from '@shared/i18n/languages';
import type { AppInfo } from '@shared/ipc/app-views';
import type { Journal } from '../journal/journal';
import type { ProfileService } from '../profiles/profile-service';
import type { JournalService } from '../journal/journal-service';
import type { DropCounts } from '../security/personal-data';
import type { Redactor } from '../security/redactor';
import { withAllowedFields } from './allowed-fields';
import { withProfileNames } from './log-entry';
import type { RequestLog } from './request-log';

export interface BundleSources {
  info: AppInfo;
  profiles: ProfileService;
  journal: Journal;
  journalService: JournalService;
  log: RequestLog;
  redactor: Redactor;
  checks: () => CheckReport[];
  states: () => TerminalStateView[];
  /** The crash reports kept in the data folder (crash-dumps.ts); none where there is no data folder. */
  crashDumps: () => Promise<CrashDump[]>;
  /** The journal's newest backup and how many are kept (journal/journal-backup.ts). */
  lastBackup: () => { at: string | null; kept: number };
}

/**
 * Everything support needs to see why a terminal misbehaves, in one human-readable JSON file:
 * app and OS, terminals (never a key), how keys are stored, the latest checks, the terminals'
 * last known states, a journal summary and the newest requests, opening with what it holds
 * (supportBundleAbout in English, the screen's words), and the crash reports kept in the data folder (names,
 * sizes, times: the dumps themselves stay there). The whole bundle goes through the Redactor before it
 * leaves the main process, whatever its parts already went through: no Authkey, card numbers at
 * most first 4 / last 4, no track data, cardholder name, expiry date, card token or signature.
 * Its requests keep only the fields SPIn defines for their endpoints, with personal data in their
 * texts masked by shape (allowed-fields.ts); personalDataDropped counts what went, by kind.
 */
export async function buildSupportBundle(sources: BundleSources, now = new Date()): Promise<SupportBundle> {
  const { profiles, activeId } = await sources.profiles.list();
  const pending = await sources.journalService.pending();
  const byState: Partial<Record<JournalState, number>> = {};
  // Counted by the history index alone: no entry is read back for a summary.
  const { total } = await sources.journal.page({}, 0, 0);
  for (const state of JournalState.options) {
    const count = (await sources.journal.page({ state }, 0, 0)).total;
    if (count > 0) byState[state] = count;
  }
  const dropped: DropCounts = {};
  const entries = withProfileNames(sources.log.recent(BUNDLE_LOG_ENTRIES), profiles).map((entry) => withAllowedFields(entry, dropped));
  const content: SupportBundleContent = {
    kind: 'spin-desk-support-bundle',
    formatVersion: 1,
    about: supportBundleAbout(BASE_LANGUAGE),
    createdAt: now.toISOString(),
    app: sources.info,
    os: { platform: platform(), release: release(), arch: arch(), node: process.version },
    secretStorage: sources.profiles.secretStorage(),
    profiles,
    activeProfileId: activeId,
    terminalStates: sources.states(),
    connectionChecks: sources.checks(),
    journal: {
      total,
      byState,
      pending: pending.entries,
      warnings: pending.warnings,
      reconciling: pending.reconciling,
      lastBackup: sources.lastBackup(),
    },
    requestLog: { kept: sources.log.size, entries },
    personalDataDropped: dropped,
    crashDumps: await sources.crashDumps(),
  };
  const stamp = now.toISOString().slice(0, 19).replaceAll(':', '-');
  return { filename: `spin-desk-support-${stamp}.json`, json: JSON.stringify(sources.redactor.value(content), null, 2) };
}
