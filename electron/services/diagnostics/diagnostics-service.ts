import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type {
  CheckReport,
  LogFilter,
  LogPage,
  SupportBundle,
  TerminalStateView,
  LogEntryDetail,
  TestSaleFate,
  TipCheckReport,
} from '@shared/ipc/diagnostics-views';
import type { AppInfo } from '@shared/ipc/app-views';
import * as m from '@shared/i18n/paraglide/messages/_index.js';
import { AppFailure } from '../app-failure';
import type { Journal } from '../journal/journal';
import type { MoneyMoveDeps } from '../payments/money-move';
import type { ProfileService } from '../profiles/profile-service';
import type { JournalService } from '../journal/journal-service';
import type { SpinClientOptions } from '../spin/spin-client';
import { DEFAULT_CHECK_TIMEOUTS, newReport, runCheck } from './connection-check';
import type { CheckTimeouts } from './probes';
import type { ExchangeRecorder } from './exchange-recorder';
import { withProfileNames } from './log-entry';
import { buildSupportBundle } from './support-bundle';
import { backupSummary } from '../journal/journal-backup';
import { CRASH_DUMPS_DIR, listCrashDumps } from './crash-dumps';
import { resolveTestSale } from './test-sale';
import { runTipCheck, type TipCheckDeps } from './tip-check';

export interface DiagnosticsDeps {
  recorder: ExchangeRecorder;
  profiles: ProfileService;
  journal: Journal;
  journalService: JournalService;
  info: AppInfo;
  /** The options every SPIn request uses, so the check's Status lands in the log like any other. */
  clientOptions: SpinClientOptions;
  checkTimeouts?: Partial<CheckTimeouts>;
  /** Tests only: trusted roots for the TLS step. */
  tlsCa?: string[];
  /** The journaled payment path "Verify this terminal" takes its test sale and void through. */
  moneyMove: MoneyMoveDeps;
  /** The data folder, where the crash reports are kept; without one the bundle lists none. */
  dataDir?: string;
  /** Tests only: the tip check's clock and ReferenceId. */
  tipCheck?: Pick<TipCheckDeps, 'now' | 'newReference'>;
}

/** What the diagnostics:* channels do. */
export class DiagnosticsService {
  readonly #deps: DiagnosticsDeps;
  /** The latest check of each profile, running or finished. */
  readonly #latest = new Map<string, CheckReport>();
  readonly #running = new Map<string, Promise<CheckReport>>();
  readonly #verifying = new Map<string, Promise<TipCheckReport>>();

  /** Services whose TerminalStatus answered 404 (older ones without it): the header asks them no more until restart. */
  readonly withoutTerminalStatus = new Set<string>();

  constructor(deps: DiagnosticsDeps) {
    this.#deps = deps;
  }

  /** Runs the connection check of a profile; a second call while one runs joins it. */
  async check(profileId?: string): Promise<CheckReport> {
    const profile = await this.#profile(profileId);
    const running = this.#running.get(profile.id);
    if (running) return running;
    const report = newReport(randomUUID(), profile.id, profile.name, profile.endpointLabel, profile.tpn);
    this.#latest.set(profile.id, report);
    const { profiles, recorder, clientOptions } = this.#deps;
    const work = runCheck(report, {
      target: () => profiles.target(profile.id),
      // Logged as asked for, never folded into the polls that said the same (a stopped terminal).
      clientOptions: recorder.askedOptions(clientOptions),
      timeouts: { ...DEFAULT_CHECK_TIMEOUTS, ...this.#deps.checkTimeouts },
      profileName: profile.name,
      ...(this.#deps.tlsCa ? { tlsCa: this.#deps.tlsCa } : {}),
    })
      .then(({ failedStep }) => {
        // A failed network step is news for the header too: no SPIn exchange would say so.
        if (failedStep && ['dns', 'tcp', 'tls', 'http'].includes(failedStep)) {
          recorder.states.note(profile.id, 'unreachable', report.verdict?.title ?? m.diag_state_unreachable());
        }
        return report;
      })
      .finally(() => this.#running.delete(profile.id));
    this.#running.set(profile.id, work);
    return work;
  }

  /** The check running now, or the last one, of a profile (null if none ran since start). */
  async lastCheck(profileId?: string): Promise<CheckReport | null> {
    const id = profileId ?? (await this.#deps.profiles.list()).activeId;
    return (id && this.#latest.get(id)) || null;
  }

  /**
   * "Verify this terminal" (tip-check.ts): a second call while one runs on the same terminal joins
   * it, so a double click never charges twice.
   */
  async verifyTips(profileId: string, confirmedCents?: number): Promise<TipCheckReport> {
    const profile = await this.#profile(profileId);
    const running = this.#verifying.get(profile.id);
    if (running) return running;
    const { moneyMove, profiles, tipCheck } = this.#deps;
    const work = runTipCheck({ moneyMove, profiles, ...tipCheck }, profile, confirmedCents).finally(() =>
      this.#verifying.delete(profile.id),
    );
    this.#verifying.set(profile.id, work);
    return work;
  }

  /**
   * "Void it here" for a test sale that may be charged. Refused while a check runs on that terminal:
   * its own test sale is still being charged or voided there.
   */
  async resolveTestSale(profileId: string, referenceId: string): Promise<TestSaleFate> {
    const profile = await this.#profile(profileId);
    if (this.#verifying.has(profile.id)) {
      throw new AppFailure('TERMINAL_BUSY', m.diag_verify_running({ name: profile.name }));
    }
    return resolveTestSale(this.#deps.moneyMove, profile, referenceId);
  }

  log(filter: LogFilter): LogPage {
    return this.#deps.recorder.log.list(filter ?? {});
  }

  /** The log as the screen shows it: each entry with its terminal's name (diagnostics:log). */
  async namedLog(filter: LogFilter): Promise<LogPage> {
    const page = this.log(filter);
    return { ...page, entries: withProfileNames(page.entries, (await this.#deps.profiles.list()).profiles) };
  }

  async entry(entryId: string): Promise<LogEntryDetail> {
    const entry = this.#deps.recorder.log.detail(entryId) ?? notInLog();
    return withProfileNames([entry], (await this.#deps.profiles.list()).profiles)[0] ?? entry;
  }

  curl(entryId: string): { command: string } {
    const command = this.#deps.recorder.log.curl(entryId);
    return command === undefined ? notInLog() : { command };
  }

  clearLog(): { cleared: number } {
    return { cleared: this.#deps.recorder.log.clear() };
  }

  async terminalState(profileId?: string): Promise<TerminalStateView> {
    const id = profileId ?? (await this.#deps.profiles.list()).activeId;
    return this.#deps.recorder.states.view(id);
  }

  bundle(): Promise<SupportBundle> {
    const { recorder, profiles, journal, journalService, info, dataDir } = this.#deps;
    return buildSupportBundle({
      info,
      profiles,
      journal,
      journalService,
      log: recorder.log,
      redactor: recorder.redactor,
      checks: () => [...this.#latest.values()],
      states: () => recorder.states.all(),
      crashDumps: async () => (dataDir ? listCrashDumps(join(dataDir, CRASH_DUMPS_DIR)) : []),
      lastBackup: () => backupSummary(dataDir),
    });
  }

  async #profile(profileId?: string) {
    const { profiles, activeId } = await this.#deps.profiles.list();
    const id = profileId ?? activeId;
    const profile = profiles.find((p) => p.id === id);
    if (!profile) {
      throw new AppFailure('NOT_FOUND', id ? m.svc_profile_not_found({ id }) : m.svc_no_terminal_selected());
    }
    return profile;
  }
}

function notInLog(): never {
  throw new AppFailure('NOT_FOUND', m.diag_log_entry_gone(), {
    fields: [{ path: 'entryId', message: m.diag_log_entry_gone_field() }],
  });
}
