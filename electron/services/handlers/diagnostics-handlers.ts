import type { DiagnosticsService } from '../diagnostics/diagnostics-service';
import type { Handlers } from './dispatch';

type DiagnosticsChannel = Extract<keyof Handlers, `diagnostics:${string}`>;

/** The diagnostics:* channels, bound to the service (spread into createHandlers). */
export function diagnosticsHandlers(diagnostics: DiagnosticsService): Pick<Handlers, DiagnosticsChannel> {
  return {
    'diagnostics:check': (input) => diagnostics.check(input?.profileId),
    'diagnostics:lastCheck': (input) => diagnostics.lastCheck(input?.profileId),
    'diagnostics:log': (filter) => diagnostics.namedLog(filter),
    'diagnostics:logEntry': async ({ entryId }) => diagnostics.entry(entryId),
    'diagnostics:curl': async ({ entryId }) => diagnostics.curl(entryId),
    'diagnostics:clearLog': async () => diagnostics.clearLog(),
    'diagnostics:terminalState': (input) => diagnostics.terminalState(input?.profileId),
    'diagnostics:bundle': () => diagnostics.bundle(),
    'diagnostics:verifyTips': ({ profileId, confirmedCents }) => diagnostics.verifyTips(profileId, confirmedCents),
    'diagnostics:resolveTestSale': ({ profileId, referenceId }) => diagnostics.resolveTestSale(profileId, referenceId),
  };
}
