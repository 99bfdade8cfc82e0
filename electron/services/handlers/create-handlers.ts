import type { AppInfo } from '@shared/ipc/app-views';
import type { StorageHealth } from '@shared/ipc/storage-views';
import type { UpdateStatus } from '@shared/ipc/update-views';
import type { SpokenLanguage } from '../settings/main-language';
import type { DemoTerminal } from '../demo/demo-terminal';
import { runCart } from '../display/cart';
import { runAddLevel3, runRemoveLevel3 } from '../display/level3';
import { runGetCard, runUserChoice, runUserInput } from '../display/prompts';
import { runPaymentInvoice, runSelectInvoice } from '../display/table-app';
import type { MoneyMoveDeps } from '../payments/money-move';
import type { TerminalDeps } from '../terminal/terminal-call';
import { runSale } from '../payments/sale';
import { runAuth } from '../payments/auth';
import { runBalance } from '../payments/balance';
import { runCapture } from '../payments/capture';
import { runReturn } from '../payments/return';
import { runTipAdjust } from '../payments/tip-adjust';
import { runVoid } from '../payments/void';
import { listOffline, listTransactions, lookUpStatus } from '../lookups/lookups';
import type { ProfileService } from '../profiles/profile-service';
import type { JournalService } from '../journal/journal-service';
import { fetchDaily, fetchSummary } from '../reports/fetch-reports';
import { dailyToSend } from '@shared/ipc/daily-columns';
import { reconcileBatch } from '../reports/reconcile-batch';
import { keptSettlement, runSettle } from '../reports/settle';
import { printUnsupported } from '../reports/print-unsupported';
import type { DiagnosticsService } from '../diagnostics/diagnostics-service';
import { probeTerminalStatus } from '../diagnostics/status-probe';
import { abortOnTerminal } from '../payments/abort';
import { diagnosticsHandlers } from './diagnostics-handlers';
import { journalBackupHandlers, type JournalCare } from './journal-backup-handlers';
import { storeHandlers } from './store-handlers';
import type { Handlers } from './dispatch';

export interface HandlerDeps {
  profiles: ProfileService;
  demo: DemoTerminal;
  info: AppInfo;
  /** What every request to a terminal needs: the profiles, the SPIn client options, what this PC waits on there. */
  terminal: TerminalDeps;
  /** The same plus the journal and recovery every money-moving request goes through; only those requests get it. */
  moneyMove: MoneyMoveDeps;
  journal: JournalService;
  /** Troubleshooting: connection check, request log, terminal state, support bundle. */
  diagnostics: DiagnosticsService;
  /** Troubleshooting: check the journal, its backups, restore one. */
  journalCare: JournalCare;
  /** Whether the payment journal can be written (app:storage). */
  storage: () => Promise<StorageHealth>;
  /** Where the installed app's updates stand (app:updates); the shell that updates itself says. */
  updates: () => UpdateStatus;
  /** The language this PC remembers (app:language), which main speaks. */
  language: SpokenLanguage;
}

/** Binds every contract channel to the service that does the work. */
export function createHandlers(deps: HandlerDeps): Handlers {
  const { profiles, demo, journal, terminal, moneyMove } = deps;
  // Requests that move no money get the terminal's deps, plus the journal where they read it (the
  // lookups' charge check, the batch check, a kept settlement) and the recovery registry where
  // "Cancel on terminal" stops a resend; never the money-moving path itself.
  const reading = { ...terminal, journal: moneyMove.journal };
  const cancelling = { ...reading, registry: moneyMove.registry };
  const store = storeHandlers({ ...moneyMove, profiles });
  return {
    'app:info': async () => deps.info,
    'app:storage': () => deps.storage(),
    'app:updates': async () => deps.updates(),
    'app:language': async (change) => (change ? deps.language.choose(change.language) : deps.language.read()),
    'profiles:list': () => profiles.list(),
    'profiles:save': (draft) => profiles.save(draft),
    'profiles:delete': ({ id }) => profiles.delete(id),
    'profiles:select': ({ id }) => profiles.select(id),
    'profiles:setAuthkey': ({ id, authkey, acceptWeakProtection }) => profiles.setAuthkey(id, authkey, acceptWeakProtection),
    'profiles:secretStorage': async () => profiles.secretStorage(),
    'profiles:export': () => profiles.exportProfiles(),
    'profiles:import': ({ json }) => profiles.importProfiles(json),
    'payments:sale': (form) => runSale(moneyMove, form),
    'payments:auth': (form) => runAuth(moneyMove, form),
    'payments:capture': (form) => runCapture(moneyMove, form),
    'payments:return': (form) => runReturn(moneyMove, form),
    'payments:void': (form) => runVoid(moneyMove, form),
    'payments:tipAdjust': (form) => runTipAdjust(moneyMove, form),
    // Balance and the lookups move no money: straight to the terminal, like the display requests.
    'payments:balance': (form) => runBalance(terminal, form),
    'transactions:status': (input) => lookUpStatus(reading, input),
    'transactions:list': (input) => listTransactions(reading, input),
    'transactions:offline': (input) => listOffline(terminal, input),
    'journal:list': (input) => journal.list(input),
    'journal:exportCsv': (filter) => journal.exportCsv(filter),
    'journal:pending': (input) => journal.pending(input ?? {}),
    'journal:recover': ({ referenceId }) => journal.recover(referenceId),
    'journal:stopRecovery': async (input) => journal.stop(input?.referenceId),
    // Every Summary read also feeds the Store screen's figures of that terminal.
    'reports:summary': (input) => fetchSummary(reading, input).then(store.noted),
    // Its rows go to the page as columns: half the JSON of 10,000 row objects (daily-columns.ts).
    'reports:daily': (input) => fetchDaily(reading, input).then(dailyToSend),
    // Electron's shell answers these two itself (electron/main/printing.ts); the browser host cannot.
    'reports:print': printUnsupported,
    'reports:savePdf': printUnsupported,
    'batch:settle': (input) => runSettle(moneyMove, input),
    'batch:settlement': (input) => keptSettlement(moneyMove.journal, input),
    'batch:reconcile': (input) => reconcileBatch(reading, input),
    // Display, prompts and Level 3 move no money: they share the profiles and client options, not the journal.
    'invoices:show': (form) => runPaymentInvoice(terminal, form),
    'invoices:select': (form) => runSelectInvoice(terminal, form),
    'prompts:userInput': (form) => runUserInput(terminal, form),
    'prompts:userChoice': (form) => runUserChoice(terminal, form),
    'prompts:getCard': (form) => runGetCard(terminal, form),
    'display:cart': (form) => runCart(terminal, form),
    'lineitems:add': (form) => runAddLevel3(terminal, form),
    'lineitems:remove': (form) => runRemoveLevel3(terminal, form),
    'demo:setNext': async ({ behaviour }) => ({ next: await demo.setNext(behaviour) }),
    ...diagnosticsHandlers(deps.diagnostics),
    ...journalBackupHandlers(deps.journalCare),
    ...store.handlers,
    // The terminal rather than a transaction: cancel what this PC waits on; its connection, asked of the service.
    'terminal:abort': (input) => abortOnTerminal(cancelling, input),
    // The recovery registry says when our own request waits to be resent after "not connected" (2001).
    'terminal:status': (input) => probeTerminalStatus(cancelling, deps.diagnostics, input),
  };
}
