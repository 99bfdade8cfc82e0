import type { CheckReport, CheckStep, CheckStepId, Verdict } from '@shared/ipc/diagnostics-views';
import * as m from '@shared/i18n/paraglide/messages/_index.js';
import { AppFailure } from '../app-failure';
import type { TerminalTarget } from '../profiles/profile-service';
import type { SpinClientOptions } from '../spin/spin-client';
import {
  endpointOf,
  isIpLiteral,
  probeDns,
  probeHttp,
  probeTcp,
  probeTls,
  type CheckTimeouts,
  type Endpoint,
  type ProbeResult,
} from './probes';
import { probeTerminal } from './terminal-probe';
import { verdicts } from './verdicts';

// The connection check: one step after the other, each with a short deadline, stopping at the
// first failure with a verdict in plain words. The report is updated in place while it runs, so
// the screen can show the steps live (diagnostics:lastCheck); its words are those of the language
// main speaks while the check runs.

export const DEFAULT_CHECK_TIMEOUTS: CheckTimeouts = {
  dnsMs: 3000,
  tcpMs: 3000,
  tlsMs: 4000,
  httpMs: 5000,
  terminalProxySeconds: 5,
  terminalGraceMs: 3000,
};

export interface CheckDeps {
  /** Resolves the profile's target (throws NO_AUTHKEY and the like as AppFailure). */
  target: () => Promise<TerminalTarget>;
  clientOptions: SpinClientOptions;
  timeouts: CheckTimeouts;
  /** Tests only: trusted roots for the TLS step instead of the system's. */
  tlsCa?: string[];
  profileName: string;
}

/** The steps in order, each named in the language main speaks when a check starts. */
const STEPS: readonly { id: CheckStepId; name: () => string }[] = [
  { id: 'settings', name: m.diag_step_settings },
  { id: 'dns', name: m.diag_step_dns },
  { id: 'tcp', name: m.diag_step_tcp },
  { id: 'tls', name: m.diag_step_tls },
  { id: 'http', name: m.diag_step_http },
  { id: 'terminal', name: m.diag_step_terminal },
];

export function newReport(
  id: string,
  profileId: string,
  profileName: string,
  endpoint: string,
  tpn: string,
  now = new Date(),
): CheckReport {
  return {
    id,
    profileId,
    profileName,
    endpoint,
    tpn,
    startedAt: now.toISOString(),
    running: true,
    steps: STEPS.map(({ id, name }): CheckStep => ({ id, name: name(), status: 'pending', durationMs: 0, detail: '' })),
  };
}

type StepOutcome = ProbeResult | { ok: true; skipped: true; detail: string };

/** Runs every step into `report`; resolves when the verdict is in. The failed step's id comes back for the caller. */
export async function runCheck(report: CheckReport, deps: CheckDeps): Promise<{ failedStep?: CheckStepId }> {
  let target: TerminalTarget | undefined;
  let where: Endpoint | undefined;
  let address = '';
  const t = deps.timeouts;
  const plan: Record<CheckStepId, () => Promise<StepOutcome>> = {
    settings: async () => {
      try {
        target = await deps.target();
        where = endpointOf(target.baseUrl);
        address = where.host;
        return { ok: true, detail: m.diag_settings_ok({ tpn: target.tpn, url: target.baseUrl }) };
      } catch (error) {
        if (!(error instanceof AppFailure)) throw error;
        const verdict = error.detail.code === 'NO_AUTHKEY' ? verdicts.noAuthkey(deps.profileName) : verdicts.settings(error.detail.message);
        return { ok: false, detail: error.detail.message, verdict };
      }
    },
    dns: async () => {
      const at = where as Endpoint;
      if (isIpLiteral(at.host)) return { ok: true, skipped: true, detail: m.diag_dns_ip_literal({ host: at.host }) };
      const result = await probeDns(at, t.dnsMs);
      if (result.ok && result.address) address = result.address;
      return result;
    },
    tcp: () => probeTcp(where as Endpoint, address, t.tcpMs),
    tls: async () =>
      (where as Endpoint).https
        ? probeTls(where as Endpoint, address, t.tlsMs, deps.tlsCa)
        : { ok: true, skipped: true, detail: m.diag_tls_plain_http() },
    http: () => probeHttp(where as Endpoint, t.httpMs, deps.clientOptions.fetch),
    terminal: () => probeTerminal(target as TerminalTarget, where as Endpoint, deps.clientOptions, t),
  };

  let verdict: Verdict | undefined;
  let failedStep: CheckStepId | undefined;
  for (const step of report.steps) {
    if (verdict) {
      Object.assign(step, { status: 'skipped', detail: m.diag_step_not_run() });
      continue;
    }
    step.status = 'running';
    const started = performance.now();
    const outcome = await plan[step.id]().catch((error: unknown): StepOutcome => {
      // A bug or an unexpected failure still ends the check with a verdict, never a spinner forever.
      const message = error instanceof Error ? error.message : String(error);
      return { ok: false, detail: message, verdict: verdicts.network(where ?? { host: m.diag_the_service(), port: 0 }, message) };
    });
    step.durationMs = Math.round(performance.now() - started);
    step.detail = outcome.detail;
    if (!outcome.ok) {
      step.status = 'failed';
      verdict = outcome.verdict;
      failedStep = step.id;
    } else {
      step.status = 'skipped' in outcome ? 'skipped' : 'ok';
    }
  }
  report.verdict = verdict ?? verdicts.ready();
  report.running = false;
  report.finishedAt = new Date().toISOString();
  return failedStep ? { failedStep } : {};
}
