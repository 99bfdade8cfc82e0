import { ReconciliationReport } from './reconciliation-views';
import { rule } from '../spin/rule-words';
import { z } from 'zod';
import { AppInfo } from './app-views';
import { StorageHealth, SecretStorage } from './storage-views';
import { DemoBehaviour, PaymentResult } from './payment-result-views';
import { ProfileDraft, ProfileList, ProfileView } from './profile-views';
import { UpdateStatus } from './update-views';
import { LanguageChange, LanguageChoice } from './language-views';
import { ProfilesExport, ProfilesImportInput, ProfilesImportResult } from './profile-transfer';
import {
  JournalCsv,
  JournalEntryView,
  JournalExportInput,
  JournalListInput,
  JournalPage,
  JournalPending,
  JournalPendingInput,
  RecoverInput,
  StopRecoveryInput,
  StopRecoveryResult,
} from './journal-views';
import { JournalBackups, JournalCheck, RestoreInput, RestoreResult } from './journal-backup-views';
import {
  DailyReportSent,
  PrintInput,
  PrintOutput,
  ReportInput,
  SavePdfInput,
  SavePdfOutput,
  SettleInput,
  SettlementInput,
  SettleResult,
  SummaryReport,
} from './report-views';
import {
  AddLevel3Form,
  CardRead,
  CartForm,
  GetCardForm,
  Level3Result,
  PaymentInvoiceForm,
  RemoveLevel3Form,
  SelectedInvoice,
  SelectInvoiceForm,
  TerminalAck,
  UserChoiceAnswer,
  UserChoiceForm,
  UserInputAnswer,
  UserInputForm,
} from './display-views';
import {
  CheckReport,
  ClearLogResult,
  CurlCommand,
  LogEntryDetail,
  LogEntryInput,
  LogFilter,
  LogPage,
  ProfileChoice,
  SupportBundle,
  TerminalStateView,
  TipCheckInput,
  ResolveTestSaleInput,
  TestSaleFate,
  TipCheckReport,
} from './diagnostics-views';
import { AbortResult } from './terminal-views';
import { SettleAllInput, SettleAllReport, SettlePlan, StoreCheck, StoreOverview, StoreRefreshInput, StoreRow } from './store-views';
import {
  AuthForm,
  BalanceForm,
  BalanceResult,
  CaptureForm,
  OfflineStatusInput,
  OfflineTransactions,
  ReturnForm,
  SaleForm,
  StatusInput,
  StatusListInput,
  TipAdjustForm,
  TransactionPage,
  TransactionView,
  VoidForm,
} from './payment-views';

const NoInput = z.undefined().or(z.null()).or(z.strictObject({}));
const ById = z.strictObject({ id: z.string().min(1, rule.notEmpty()) });

/**
 * The one list of channels between the renderer and the main process. Each channel names its input
 * and output schema; main parses every input with it before a handler runs and checks every
 * output before it leaves. Channel names are "group:action" and become api.group.action().
 */
export const contract = {
  'app:info': { input: NoInput, output: AppInfo },
  /** Can the payment journal be written? The header polls it to warn before payments are refused. */
  'app:storage': { input: NoInput, output: StorageHealth },
  /** Where the installed app's updates stand; the browser version answers that it is not updated by spin-desk. */
  'app:updates': { input: NoInput, output: UpdateStatus },
  /** The language this PC remembers (per PC, in main's settings): read it, or choose one (the picker, Help → Language). */
  'app:language': { input: LanguageChange, output: LanguageChoice },

  'profiles:list': { input: NoInput, output: ProfileList },
  'profiles:save': { input: ProfileDraft, output: ProfileView },
  'profiles:delete': { input: ById, output: ProfileList },
  'profiles:select': { input: ById, output: ProfileList },
  /** Write-only: the Authkey goes in and never comes back out. */
  'profiles:setAuthkey': {
    input: z.strictObject({
      id: z.string().min(1),
      authkey: z.string().length(10, rule.exactlyChars(10)),
      /** Set after the user accepted the warning that this computer cannot really encrypt it. */
      acceptWeakProtection: z.boolean().optional(),
    }),
    output: ProfileView,
  },
  /** How Authkeys are protected on this computer (keychain, weak, unavailable, memory). */
  'profiles:secretStorage': { input: NoInput, output: SecretStorage },
  /** The terminals as a JSON file to move to another PC; never with an Authkey. */
  'profiles:export': { input: NoInput, output: ProfilesExport },
  'profiles:import': { input: ProfilesImportInput, output: ProfilesImportResult },

  /** Money-moving, through the journal: a new ReferenceId each (Sale, Auth, Capture, Return), the original's (Void, TipAdjust). */
  'payments:sale': { input: SaleForm, output: PaymentResult },
  'payments:auth': { input: AuthForm, output: PaymentResult },
  'payments:capture': { input: CaptureForm, output: PaymentResult },
  'payments:return': { input: ReturnForm, output: PaymentResult },
  'payments:void': { input: VoidForm, output: PaymentResult },
  'payments:tipAdjust': { input: TipAdjustForm, output: PaymentResult },
  /** EBT balances; nothing is charged, nothing journaled. */
  'payments:balance': { input: BalanceForm, output: BalanceResult },
  /** Read-only lookups of the open batch: one record (Status), a TransactionNumber range, store-and-forward. */
  'transactions:status': { input: StatusInput, output: TransactionView },
  'transactions:list': { input: StatusListInput, output: TransactionPage },
  'transactions:offline': { input: OfflineStatusInput, output: OfflineTransactions },

  /** History search, newest first, paged. */
  'journal:list': { input: JournalListInput, output: JournalPage },
  /** The matching entries as CSV text (no Authkey; card data only brand, first 4, last 4). */
  'journal:exportCsv': { input: JournalExportInput, output: JournalCsv },
  /** Entries whose outcome is unknown, with live lookup progress, plus the journal's load warnings. */
  'journal:pending': { input: JournalPendingInput, output: JournalPending },
  /** Looks a pending entry up with Status and resolves once its outcome is known. */
  'journal:recover': { input: RecoverInput, output: JournalEntryView },
  /** Stops the lookup of one reference, or of all; stopped entries stay pending. */
  'journal:stopRecovery': { input: z.union([StopRecoveryInput, NoInput]), output: StopRecoveryResult },
  /** Troubleshooting, "Check the journal": SQLite's quick_check of the live database, with a verdict in plain words. */
  'journal:check': { input: NoInput, output: JournalCheck },
  /** The journal's backups in the data folder, newest first, and whether a restore could run now. */
  'journal:backups': { input: NoInput, output: JournalBackups },
  /** Makes the named backup the journal (the current file kept aside); refused while a payment is being sent. */
  'journal:restore': { input: RestoreInput, output: RestoreResult },

  /** Batch reports of the open batch, read-only (Summary and Daily; money in cents). */
  'reports:summary': { input: ReportInput, output: SummaryReport },
  'reports:daily': { input: ReportInput, output: DailyReportSent },
  /** Prints / saves the page's print layout; only the Electron shell can (elsewhere: UNSUPPORTED). */
  'reports:print': { input: PrintInput, output: PrintOutput },
  'reports:savePdf': { input: SavePdfInput, output: SavePdfOutput },
  /** Closes the batch through the journal (money-moving), with a new ReferenceId per attempt. */
  'batch:settle': { input: SettleInput, output: SettleResult },
  /** A settlement kept in this PC's journal (History's reprint): totals, batch numbers and receipts as the terminal answered. */
  'batch:settlement': { input: SettlementInput, output: SettleResult },
  /** The open batch (Daily) beside this PC's journal: approvals missing, transactions not from this PC, differences. */
  'batch:reconcile': { input: ReportInput, output: ReconciliationReport },

  /** The Store screen: every terminal's row from the journal and the figures last read (no terminal is asked). */
  'store:overview': { input: NoInput, output: StoreOverview },
  /** One terminal's open batch read now (Summary, in its report lane), and its row again. */
  'store:refresh': { input: StoreRefreshInput, output: StoreRow },
  /** Check before settling, for every terminal, with a store line. */
  'store:check': { input: NoInput, output: StoreCheck },
  /** What Settle all would do: each terminal's open count and total read now, or why it is left out. */
  'store:settlePlan': { input: NoInput, output: SettlePlan },
  /** Settles the named terminals side by side, each through the journal; one failing stops none of the others. */
  'store:settleAll': { input: SettleAllInput, output: SettleAllReport },
  /** The Settle all running now (each terminal's phase and result so far), or the last one; null when none ran. */
  'store:settleAllProgress': { input: NoInput, output: SettleAllReport.nullable() },

  /** Pay at table: show one invoice on the terminal; let the customer pick one (then pay it with a Sale). */
  'invoices:show': { input: PaymentInvoiceForm, output: TerminalAck },
  'invoices:select': { input: SelectInvoiceForm, output: SelectedInvoice },
  /** Customer prompts; a cancel on the terminal fails with TERMINAL/1012, no answer with PROXY/2007. */
  'prompts:userInput': { input: UserInputForm, output: UserInputAnswer },
  'prompts:userChoice': { input: UserChoiceForm, output: UserChoiceAnswer },
  /** Card read without a charge; track data never leaves main, the account only as first/last 4. */
  'prompts:getCard': { input: GetCardForm, output: CardRead },
  /** The cart on the customer display, on its own (nothing is charged). */
  'display:cart': { input: CartForm, output: TerminalAck },
  /** Level 3 line items staged against an AuthCode; the answer carries the terminal's LineItemCount. */
  'lineitems:add': { input: AddLevel3Form, output: Level3Result },
  'lineitems:remove': { input: RemoveLevel3Form, output: Level3Result },

  'demo:setNext': {
    input: z.strictObject({ behaviour: DemoBehaviour }),
    output: z.object({ next: DemoBehaviour }),
  },

  /** Troubleshooting: the step-by-step connection check of a terminal (the named one, or the active one). */
  'diagnostics:check': { input: ProfileChoice, output: CheckReport },
  /** The check running now (its steps so far), or the last one; null when none ran since start. */
  'diagnostics:lastCheck': { input: ProfileChoice, output: z.nullable(CheckReport) },
  /** The request log (redacted), newest first, filtered by endpoint, outcome and text. */
  'diagnostics:log': { input: LogFilter, output: LogPage },
  /** One log entry with its redacted request and response. */
  'diagnostics:logEntry': { input: LogEntryInput, output: LogEntryDetail },
  /** A log entry as a curl command; the Authkey reads <AUTH_KEY>. */
  'diagnostics:curl': { input: LogEntryInput, output: CurlCommand },
  'diagnostics:clearLog': { input: NoInput, output: ClearLogResult },
  /** The terminal's last known state (online, offline, busy ...), learned from the app's own requests. */
  'diagnostics:terminalState': { input: ProfileChoice, output: TerminalStateView },
  /** The support bundle as human-readable JSON, redacted as a whole. */
  'diagnostics:bundle': { input: NoInput, output: SupportBundle },
  /**
   * "Verify this terminal": a $1.00 + $0.10 tip test sale through the journal, its Status and its
   * Void, then how the terminal treated the tip; the profile remembers a clear finding. Production
   * and custom terminals need confirmedCents = TIP_CHECK_MAX_CENTS (BAD_INPUT otherwise).
   */
  'diagnostics:verifyTips': { input: TipCheckInput, output: TipCheckReport },
  /**
   * "Void it here" for a Verify test sale that may be charged: its outcome looked up (Status), then
   * a Void by its ReferenceId if it is charged. Only a test sale of that terminal's checks.
   */
  'diagnostics:resolveTestSale': { input: ResolveTestSaleInput, output: TestSaleFate },

  /**
   * "Cancel on terminal": AbortTransaction for whatever this PC waits on at the terminal (the named
   * one, or the active one). Main knows the request and fills in its ReferenceId and the Authkey;
   * the outcome still comes from that request's own answer.
   */
  'terminal:abort': { input: ProfileChoice, output: AbortResult },
  /**
   * The terminal's connection asked of the service itself (TerminalStatus, never queued behind a
   * customer), folded into the last known state; a service without TerminalStatus gets the state
   * learned from the app's own requests.
   */
  'terminal:status': { input: ProfileChoice, output: TerminalStateView },
} as const;

export type Contract = typeof contract;
export type Channel = keyof Contract;
/**
 * Every channel's name, read from the contract: the one list. The preload bundle does not import
 * this (it would carry zod and every schema): scripts/build-electron.mjs reads the same keys and
 * writes them into it.
 */
export const channels = Object.keys(contract) as Channel[];
export type InputOf<C extends Channel> = z.input<Contract[C]['input']>;
export type OutputOf<C extends Channel> = z.output<Contract[C]['output']>;
