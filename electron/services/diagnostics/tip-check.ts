import {
  TIP_CHECK_MAX_CENTS,
  TIP_CHECK_SALE,
  tipCheckNeedsConfirmation,
  type TestSaleFate,
  type TipCheckReport,
  type TipCheckStep,
} from '@shared/ipc/diagnostics-views';
import { chargedBeforeFees, type AnsweredAmounts, type TipHandling } from '@shared/ipc/tip-rules';
import type { PaymentResult } from '@shared/ipc/payment-result-views';
import type { ProfileView } from '@shared/ipc/profile-views';
import * as m from '@shared/i18n/paraglide/messages/_index.js';
import { formatMoney } from '@shared/spin/money';
import { AppFailure } from '../app-failure';
import { lookUpStatus } from '../lookups/lookups';
import type { MoneyMoveDeps } from '../payments/money-move';
import { runSale } from '../payments/sale';
import type { ProfileService } from '../profiles/profile-service';
import {
  mayBeChargedFate,
  messageOf,
  notChargedFate,
  TEST_PAYMENT_TYPE,
  TEST_SALE_PREFIX,
  unresolvedTestSale,
  voidedFate,
  voidTestSale,
} from './test-sale';

// "Verify this terminal": whether a Sale's Amount already includes TipAmount or the terminal adds
// the tip on top is not settled by any public source (docs/PROTOCOL.md, "Tips"), so the app asks
// the terminal itself. A small tipped Sale goes through the normal journaled payment path (never
// lost, recovered like any sale), Status reads it back, a Void takes it back, and the charged
// figures say which reading the terminal uses. The profile remembers a clear answer.

export interface TipCheckDeps {
  moneyMove: MoneyMoveDeps;
  profiles: Pick<ProfileService, 'setTipHandling'>;
  now?: () => Date;
  /** A new ReferenceId for the test sale (tests pin it). */
  newReference?: () => string;
}

const { amountCents: SENT_AMOUNT, tipCents: SENT_TIP } = TIP_CHECK_SALE;
/** A report without a test sale answer to read: nothing learned, nothing remembered. */
const NOTHING_SENT = { sale: null, statusAmounts: null, remembered: null } as const;
/** The figures the sentences name, formatted when the report is made (in the language main speaks then). */
const sent = () => ({
  amount: formatMoney(SENT_AMOUNT),
  tip: formatMoney(SENT_TIP),
  total: formatMoney(SENT_AMOUNT + SENT_TIP),
});
const saleStepName = () => m.diag_tip_step_sale(sent());

/** Letters and digits only (the wire's ReferenceId rule), recognisable in History and the journal: TIPCHECK + time. */
function defaultReference(): string {
  return `${TEST_SALE_PREFIX}${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1296)
    .toString(36)
    .toUpperCase()}`;
}

/** Refuses a terminal where real cards are charged unless the user confirmed the amount it names. */
export function requireConfirmation(profile: ProfileView, confirmedCents: number | undefined): void {
  if (!tipCheckNeedsConfirmation(profile.environment) || confirmedCents === TIP_CHECK_MAX_CENTS) return;
  const amount = formatMoney(TIP_CHECK_MAX_CENTS);
  throw new AppFailure('BAD_INPUT', m.diag_tip_confirm({ name: profile.name, amount }), {
    fields: [{ path: 'confirmedCents', message: m.diag_tip_confirm_field({ cents: TIP_CHECK_MAX_CENTS, amount }) }],
  });
}

export async function runTipCheck(deps: TipCheckDeps, profile: ProfileView, confirmedCents?: number): Promise<TipCheckReport> {
  requireConfirmation(profile, confirmedCents);
  const now = deps.now ?? (() => new Date());
  const startedAt = now().toISOString();
  // A test sale of an earlier check that may still be charged is settled first: another would
  // charge the card again without a word about the first.
  const earlier = await unresolvedTestSale(deps.moneyMove, profile);
  const ids = { profileId: profile.id, profileName: profile.name, tpn: profile.tpn, startedAt };
  if (earlier) {
    return {
      ...ids,
      referenceId: earlier.referenceId,
      finishedAt: now().toISOString(),
      ...unclear(m.diag_tip_nothing_this_time({ words: earlier.words })),
      ...NOTHING_SENT,
      steps: (['sale', 'status', 'void'] as const).map((id) => skipped(id, m.diag_tip_skip_earlier())),
      voided: false,
      testSale: earlier,
    };
  }
  const referenceId = (deps.newReference ?? defaultReference)();
  const base = { ...ids, referenceId };
  let sale: PaymentResult;
  try {
    // Amount without the tip, whatever the profile says: the figures below are read against this form.
    sale = await runSale(
      deps.moneyMove,
      {
        profileId: profile.id,
        referenceId,
        amountCents: SENT_AMOUNT,
        tipCents: SENT_TIP,
        paymentType: TEST_PAYMENT_TYPE,
        getReceipt: 'No',
      },
      { tipHandling: 'on-top' },
    );
  } catch (error) {
    if (!(error instanceof AppFailure && error.detail.code === 'OUTCOME_UNKNOWN')) throw error;
    // The answer was lost and the lookup stopped: the card may be charged and only "void it here" can tell.
    const testSale = mayBeChargedFate(referenceId, TIP_CHECK_MAX_CENTS, m.diag_why_lost_and_stopped());
    return {
      ...base,
      finishedAt: now().toISOString(),
      ...unclear(m.diag_tip_lost()),
      ...NOTHING_SENT,
      steps: [
        { id: 'sale', name: saleStepName(), status: 'failed', detail: m.diag_tip_outcome_unknown({ message: messageOf(error) }) },
        skipped('status', m.diag_tip_status_unknown()),
        skipped('void', m.diag_tip_void_unknown()),
      ],
      voided: false,
      voidProblem: testSale.words,
      testSale,
    };
  }
  const saleStep = stepOfSale(sale);
  const saleView = { outcome: sale.outcome, statusCode: sale.statusCode, message: sale.message, amounts: sale.amounts };
  if (sale.outcome !== 'approved' && sale.outcome !== 'partial') {
    // Nothing was charged: no lookup, no void.
    return {
      ...base,
      finishedAt: now().toISOString(),
      ...unclear(m.diag_tip_not_approved({ said: `${sale.statusCode ? `${sale.statusCode} ` : ''}${sale.message}` })),
      sale: saleView,
      statusAmounts: null,
      steps: [saleStep, skipped('status', m.diag_tip_status_not_charged()), skipped('void', m.diag_tip_void_not_charged())],
      voided: true,
      remembered: null,
      testSale: notChargedFate(referenceId, m.diag_why_not_approved()),
    };
  }
  const status = await readBack(deps.moneyMove, profile.id, referenceId);
  const voiding = await takeBack(deps.moneyMove, profile.id, referenceId, sale.amounts.amount ?? status.amounts?.amount ?? SENT_AMOUNT);
  const words =
    sale.outcome === 'partial' ? unclear(m.diag_tip_partial({ figures: describe(sale.amounts) })) : finding(sale.amounts, status.amounts);
  const remembered = words.finding === 'unclear' ? null : words.finding;
  // One time for the report and the profile: the profile's "checked at" names this check.
  const finishedAt = now();
  if (remembered) await deps.profiles.setTipHandling(profile.id, remembered, finishedAt);
  return {
    ...base,
    finishedAt: finishedAt.toISOString(),
    ...words,
    sale: saleView,
    statusAmounts: status.amounts,
    steps: [saleStep, status.step, voiding.step],
    voided: voiding.testSale.fate === 'voided',
    ...(voiding.problem ? { voidProblem: voiding.problem } : {}),
    remembered,
    testSale: voiding.testSale,
  };
}

type Words = Pick<TipCheckReport, 'finding' | 'title' | 'explanation' | 'remedy'>;

/**
 * Reads the charged figures: $1.00 means Amount already held the tip, $1.10 that the terminal added
 * it. The Sale's answer and the Status record must agree; anything else cannot be told apart.
 */
function finding(fromSale: AnsweredAmounts, fromStatus: AnsweredAmounts | null): Words {
  const saleCharged = chargedBeforeFees(fromSale);
  const statusCharged = fromStatus ? chargedBeforeFees(fromStatus) : null;
  if (saleCharged !== null && statusCharged !== null && saleCharged !== statusCharged) {
    return unclear(m.diag_tip_disagree({ sale: describe(fromSale), status: describe(fromStatus) }));
  }
  const charged = saleCharged ?? statusCharged;
  const figures = describe(fromStatus && saleCharged === null ? fromStatus : fromSale);
  if (charged === SENT_AMOUNT + SENT_TIP) return clear('on-top', figures);
  if (charged === SENT_AMOUNT) return clear('included', figures);
  if (charged === null) return unclear(m.diag_tip_not_said());
  return unclear(m.diag_tip_charged_other({ ...sent(), charged: formatMoney(charged), figures }));
}

type Figures = ReturnType<typeof sent> & { figures: string };

/** A clear finding's words; each takes the figures sent and those answered. */
const CLEAR: Record<TipHandling, { title: () => string; explanation: (figures: Figures) => string; remedy: () => string }> = {
  'on-top': { title: m.diag_tip_on_top_title, explanation: m.diag_tip_on_top_explanation, remedy: m.diag_tip_on_top_remedy },
  included: { title: m.diag_tip_included_title, explanation: m.diag_tip_included_explanation, remedy: m.diag_tip_included_remedy },
};

function clear(handling: TipHandling, figures: string): Words {
  const words = CLEAR[handling];
  return { finding: handling, title: words.title(), explanation: words.explanation({ ...sent(), figures }), remedy: words.remedy() };
}

function unclear(why: string): Words {
  return { finding: 'unclear', title: m.diag_tip_unclear_title(), explanation: why, remedy: m.diag_tip_unclear_remedy() };
}

/** "Amount $1.10, tip $0.10, total $1.10": the figures as answered, for the report. */
function describe(amounts: AnsweredAmounts | null): string {
  if (!amounts) return m.diag_no_figures();
  const parts: [keyof typeof FIGURE, number | null][] = [
    ['amount', amounts.amount],
    ['tip', amounts.tip],
    ['fee', amounts.fee],
    ['tax', amounts.tax],
    ['total', amounts.total],
  ];
  // A zero fee or tax says nothing about the tip; leaving it out keeps the figures readable.
  const said = parts
    .filter(
      (part): part is [keyof typeof FIGURE, number] => part[1] !== null && !(part[1] === 0 && (part[0] === 'fee' || part[0] === 'tax')),
    )
    .map(([label, cents]) => FIGURE[label]({ money: formatMoney(cents) }));
  return said.length > 0 ? said.join(', ') : m.diag_no_figures();
}

/** "Amount $1.10", "tip $0.10": one answered figure with its label. */
const FIGURE = {
  amount: m.diag_figure_amount,
  tip: m.diag_figure_tip,
  fee: m.diag_figure_fee,
  tax: m.diag_figure_tax,
  total: m.diag_figure_total,
};

function stepOfSale(sale: PaymentResult): TipCheckStep {
  const ok = sale.outcome === 'approved';
  return {
    id: 'sale',
    name: saleStepName(),
    status: ok ? 'ok' : 'failed',
    detail: ok
      ? m.diag_tip_approved({ figures: describe(sale.amounts) })
      : (sale.outcome === 'partial' ? m.diag_tip_partly_approved : m.diag_tip_refused)({
          said: `${sale.statusCode} ${sale.message}`,
        }).trim(),
  };
}

function skipped(id: TipCheckStep['id'], detail: string): TipCheckStep {
  return { id, name: id === 'status' ? m.diag_tip_step_status() : m.diag_tip_step_void(), status: 'skipped', detail };
}

/** Status of the test sale: the record the terminal keeps, to compare with its first answer. */
async function readBack(
  deps: MoneyMoveDeps,
  profileId: string,
  referenceId: string,
): Promise<{ amounts: AnsweredAmounts | null; step: TipCheckStep }> {
  const name = m.diag_tip_step_status();
  try {
    const record = await lookUpStatus(deps, { profileId, referenceId, paymentType: TEST_PAYMENT_TYPE, getReceipt: 'No' });
    return { amounts: record.amounts, step: { id: 'status', name, status: 'ok', detail: describe(record.amounts) } };
  } catch (error) {
    return { amounts: null, step: { id: 'status', name, status: 'failed', detail: messageOf(error) } };
  }
}

/** Voids the test sale through the journal; a failure is reported, never thrown: the sale is charged. */
async function takeBack(
  deps: MoneyMoveDeps,
  profileId: string,
  referenceId: string,
  amountCents: number,
): Promise<{ problem?: string; step: TipCheckStep; testSale: TestSaleFate }> {
  const name = m.diag_tip_step_void();
  const voiding = await voidTestSale(deps, profileId, referenceId, amountCents);
  if (voiding.ok) {
    return {
      step: { id: 'void', name, status: 'ok', detail: m.diag_tip_voided({ amount: formatMoney(amountCents) }) },
      testSale: voidedFate(referenceId, amountCents),
    };
  }
  return {
    problem: m.diag_tip_still_charged({ reference: referenceId, amount: formatMoney(amountCents), why: voiding.why }),
    step: { id: 'void', name, status: 'failed', detail: voiding.why },
    testSale: mayBeChargedFate(referenceId, amountCents, m.diag_why_void_failed({ why: voiding.why })),
  };
}
