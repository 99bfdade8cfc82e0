import type { CheckReport, CheckStep, CheckStepId, Verdict } from '@shared/ipc/diagnostics-views';
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
// the screen can show the steps live (diagnostics:lastCheck).

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

const STEPS: readonly { id: CheckStepId; name: string }[] = [
  { id: 'settings', name: 'Terminal settings' },
  { id: 'dns', name: 'Find the service (DNS)' },
  { id: 'tcp', name: 'Connect (TCP)' },
  { id: 'tls', name: 'Secure connection (TLS)' },
  { id: 'http', name: 'Web service answers (HTTP)' },
  { id: 'terminal', name: 'Credentials accepted, terminal online' },
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
    steps: STEPS.map((step): CheckStep => ({ ...step, status: 'pending', durationMs: 0, detail: '' })),
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
        return { ok: true, detail: `TPN ${target.tpn} at ${target.baseUrl}` };
      } catch (error) {
        if (!(error instanceof AppFailure)) throw error;
        const verdict = error.detail.code === 'NO_AUTHKEY' ? verdicts.noAuthkey(deps.profileName) : verdicts.settings(error.detail.message);
        return { ok: false, detail: error.detail.message, verdict };
      }
    },
    dns: async () => {
      const at = where as Endpoint;
      if (isIpLiteral(at.host)) return { ok: true, skipped: true, detail: `${at.host} is an IP address: nothing to look up` };
      const result = await probeDns(at, t.dnsMs);
      if (result.ok && result.address) address = result.address;
      return result;
    },
    tcp: () => probeTcp(where as Endpoint, address, t.tcpMs),
    tls: async () =>
      (where as Endpoint).https
        ? probeTls(where as Endpoint, address, t.tlsMs, deps.tlsCa)
        : { ok: true, skipped: true, detail: 'plain http (this computer only): no certificate to check' },
    http: () => probeHttp(where as Endpoint, t.httpMs, deps.clientOptions.fetch),
    terminal: () => probeTerminal(target as TerminalTarget, where as Endpoint, deps.clientOptions, t),
  };

  let verdict: Verdict | undefined;
  let failedStep: CheckStepId | undefined;
  for (const step of report.steps) {
    if (verdict) {
      Object.assign(step, { status: 'skipped', detail: 'not run: an earlier step failed' });
      continue;
    }
    step.status = 'running';
    const started = performance.now();
    const outcome = await plan[step.id]().catch((error: unknown): StepOutcome => {
      // A bug or an unexpected failure still ends the check with a verdict, never a spinner forever.
      const message = error instanceof Error ? error.message : String(error);
      return { ok: false, detail: message, verdict: verdicts.network(where ?? { host: 'the service', port: 0 }, message) };
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
