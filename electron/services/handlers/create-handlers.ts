import type { AppInfo, StorageHealth } from '@shared/ipc/views';
import type { DemoTerminal } from '../demo/demo-terminal';
import { runCart } from '../display/cart';
import { runAddLevel3, runRemoveLevel3 } from '../display/level3';
import { runGetCard, runUserChoice, runUserInput } from '../display/prompts';
import { runPaymentInvoice, runSelectInvoice } from '../display/table-app';
import type { MoneyMoveDeps } from '../payments/money-move';
import { runSale } from '../payments/sale';
import { runAuth } from '../payments/auth';
import { runBalance } from '../payments/balance';
import { runCapture } from '../payments/capture';
import { runReturn } from '../payments/return';
import { runTipAdjust } from '../payments/tip-adjust';
import { runVoid } from '../payments/void';
import { listOffline, listTransactions, lookUpStatus } from '../lookups/lookups';
import type { ProfileService } from '../profiles/profile-service';
import type { JournalService } from '../recovery/journal-service';
import { fetchDaily, fetchSummary } from '../reports/fetch-reports';
import { reconcileBatch } from '../reports/reconcile-batch';
import { keptSettlement, runSettle } from '../reports/settle';
import { printUnsupported } from '../reports/shell-only';
import type { DiagnosticsService } from '../diagnostics/diagnostics-service';
import { probeTerminalStatus } from '../diagnostics/status-probe';
import { abortOnTerminal } from '../payments/abort';
import { diagnosticsHandlers } from './diagnostics-handlers';
import type { Handlers } from './dispatch';

export interface HandlerDeps {
  profiles: ProfileService;
  demo: DemoTerminal;
  info: AppInfo;
  /** Journal, recovery and SPIn client options every money-moving request goes through. */
  moneyMove: MoneyMoveDeps;
  journal: JournalService;
  /** Troubleshooting: connection check, request log, terminal state, support bundle. */
  diagnostics: DiagnosticsService;
  /** Whether the payment journal can be written (app:storage). */
  storage: () => Promise<StorageHealth>;
}

/** Binds every contract channel to the service that does the work. */
export function createHandlers(deps: HandlerDeps): Handlers {
  const { profiles, demo, journal } = deps;
  return {
    'app:info': async () => deps.info,
    'app:storage': () => deps.storage(),
    'profiles:list': () => profiles.list(),
    'profiles:save': (draft) => profiles.save(draft),
    'profiles:delete': ({ id }) => profiles.delete(id),
    'profiles:select': ({ id }) => profiles.select(id),
    'profiles:setAuthkey': ({ id, authkey, acceptWeakProtection }) => profiles.setAuthkey(id, authkey, acceptWeakProtection),
    'profiles:secretStorage': async () => profiles.secretStorage(),
    'profiles:export': () => profiles.exportProfiles(),
    'profiles:import': ({ json }) => profiles.importProfiles(json),
    'payments:sale': (form) => runSale(deps.moneyMove, form),
    'payments:auth': (form) => runAuth(deps.moneyMove, form),
    'payments:capture': (form) => runCapture(deps.moneyMove, form),
    'payments:return': (form) => runReturn(deps.moneyMove, form),
    'payments:void': (form) => runVoid(deps.moneyMove, form),
    'payments:tipAdjust': (form) => runTipAdjust(deps.moneyMove, form),
    // Balance and the lookups move no money: straight to the terminal, like the display requests.
    'payments:balance': (form) => runBalance(deps.moneyMove, form),
    'transactions:status': (input) => lookUpStatus(deps.moneyMove, input),
    'transactions:list': (input) => listTransactions(deps.moneyMove, input),
    'transactions:offline': (input) => listOffline(deps.moneyMove, input),
    'journal:list': (input) => journal.list(input),
    'journal:exportCsv': (filter) => journal.exportCsv(filter),
    'journal:pending': async () => journal.pending(),
    'journal:recover': ({ referenceId }) => journal.recover(referenceId),
    'journal:stopRecovery': async (input) => journal.stop(input?.referenceId),
    'reports:summary': (input) => fetchSummary(deps.moneyMove, input),
    'reports:daily': (input) => fetchDaily(deps.moneyMove, input),
    // Electron's shell answers these two itself (electron/main/printing.ts); the browser host cannot.
    'reports:print': printUnsupported,
    'reports:savePdf': printUnsupported,
    'batch:settle': (input) => runSettle(deps.moneyMove, input),
    'batch:settlement': (input) => keptSettlement(deps.moneyMove.journal, input),
    'batch:reconcile': (input) => reconcileBatch(deps.moneyMove, input),
    // Display, prompts and Level 3 move no money: they share the profiles and client options, not the journal.
    'invoices:show': (form) => runPaymentInvoice(deps.moneyMove, form),
    'invoices:select': (form) => runSelectInvoice(deps.moneyMove, form),
    'prompts:userInput': (form) => runUserInput(deps.moneyMove, form),
    'prompts:userChoice': (form) => runUserChoice(deps.moneyMove, form),
    'prompts:getCard': (form) => runGetCard(deps.moneyMove, form),
    'display:cart': (form) => runCart(deps.moneyMove, form),
    'lineitems:add': (form) => runAddLevel3(deps.moneyMove, form),
    'lineitems:remove': (form) => runRemoveLevel3(deps.moneyMove, form),
    'demo:setNext': async ({ behaviour }) => ({ next: await demo.setNext(behaviour) }),
    ...diagnosticsHandlers(deps.diagnostics),
    // The terminal rather than a transaction: cancel what this PC waits on; its connection, asked of the service.
    'terminal:abort': (input) => abortOnTerminal(deps.moneyMove, input),
    'terminal:status': (input) => probeTerminalStatus(deps.moneyMove, deps.diagnostics, input),
  };
}
