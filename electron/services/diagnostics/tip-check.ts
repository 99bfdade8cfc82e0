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
const SENT_WORDS = `spin-desk sent Amount ${formatMoney(SENT_AMOUNT)} with TipAmount ${formatMoney(SENT_TIP)}`;
/** A report without a test sale answer to read: nothing learned, nothing remembered. */
const NOTHING_SENT = { sale: null, statusAmounts: null, remembered: null } as const;
const SALE_STEP = `Test sale ${formatMoney(SENT_AMOUNT)} + ${formatMoney(SENT_TIP)} tip`;

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
  throw new AppFailure(
    'BAD_INPUT',
    `Verifying "${profile.name}" charges a real card up to ${amount} and voids it at once. Confirm that amount first.`,
    {
      fields: [
        { path: 'confirmedCents', message: `must be ${TIP_CHECK_MAX_CENTS}: confirm that up to ${amount} will be charged and voided` },
      ],
    },
  );
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
      ...unclear(`Nothing was charged this time: ${earlier.words}`),
      ...NOTHING_SENT,
      steps: (['sale', 'status', 'void'] as const).map((id) => skipped(id, 'Not sent: an earlier test sale may still be charged.')),
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
    const testSale = mayBeChargedFate(referenceId, TIP_CHECK_MAX_CENTS, 'its answer was lost and looking it up was stopped');
    return {
      ...base,
      finishedAt: now().toISOString(),
      ...unclear(`The test sale's answer never came back and looking it up was stopped, so nothing can be read from it.`),
      ...NOTHING_SENT,
      steps: [
        { id: 'sale', name: SALE_STEP, status: 'failed', detail: `Outcome unknown: ${messageOf(error)}` },
        skipped('status', 'Not asked: the test sale’s outcome is unknown.'),
        skipped('void', 'Not sent: the test sale’s outcome is unknown. Void it here.'),
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
      ...unclear(`The test sale was not approved (${sale.statusCode ? `${sale.statusCode} ` : ''}${sale.message}). Nothing was charged.`),
      sale: saleView,
      statusAmounts: null,
      steps: [saleStep, skipped('status', 'Not asked: nothing was charged.'), skipped('void', 'Not needed: nothing was charged.')],
      voided: true,
      remembered: null,
      testSale: notChargedFate(referenceId, 'the terminal did not approve it'),
    };
  }
  const status = await readBack(deps.moneyMove, profile.id, referenceId);
  const voiding = await takeBack(deps.moneyMove, profile.id, referenceId, sale.amounts.amount ?? status.amounts?.amount ?? SENT_AMOUNT);
  const words =
    sale.outcome === 'partial'
      ? unclear(`The terminal approved only part of the test sale (${describe(sale.amounts)}).`)
      : finding(sale.amounts, status.amounts);
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
    return unclear(`The sale's answer (${describe(fromSale)}) and its Status record (${describe(fromStatus)}) do not agree.`);
  }
  const charged = saleCharged ?? statusCharged;
  const figures = describe(fromStatus && saleCharged === null ? fromStatus : fromSale);
  if (charged === SENT_AMOUNT + SENT_TIP) return clear('on-top', figures);
  if (charged === SENT_AMOUNT) return clear('included', figures);
  if (charged === null) return unclear('The terminal did not say what it charged, in its answer or in its Status record.');
  return unclear(
    `${SENT_WORDS}, and the terminal charged ${formatMoney(charged)} (${figures}): neither ${formatMoney(SENT_AMOUNT)} nor ${formatMoney(SENT_AMOUNT + SENT_TIP)}.`,
  );
}

const CLEAR: Record<TipHandling, { title: string; how: string; from: string }> = {
  'on-top': {
    title: 'This terminal adds the tip on top of Amount',
    how: `it charged ${formatMoney(SENT_AMOUNT + SENT_TIP)}: it added the tip to Amount`,
    from: 'From now on spin-desk sends sales and captures on this terminal with the amount alone in Amount and the tip in TipAmount.',
  },
  included: {
    title: 'Amount already includes the tip on this terminal',
    how: `it charged ${formatMoney(SENT_AMOUNT)}: it took the tip as part of Amount`,
    from: 'spin-desk sends sales and captures on this terminal with the tip inside Amount and also in TipAmount.',
  },
};

function clear(handling: TipHandling, figures: string): Words {
  const words = CLEAR[handling];
  return {
    finding: handling,
    title: words.title,
    explanation: `${SENT_WORDS}, and ${words.how} (${figures}).`,
    remedy: `${words.from} The terminal profile remembers this; run the check again if the terminal or its payment software changes.`,
  };
}

function unclear(why: string): Words {
  return {
    finding: 'unclear',
    title: 'Could not tell how this terminal treats tips',
    explanation: why,
    remedy:
      'spin-desk goes on as before (the tip inside Amount) and checks every approval: a charge that differs from what you entered is shown in red. Try the check again, or ask your payment provider whether Amount includes TipAmount.',
  };
}

/** "Amount $1.10, tip $0.10, total $1.10": the figures as answered, for the report. */
function describe(amounts: AnsweredAmounts | null): string {
  if (!amounts) return 'no figures';
  const parts: [string, number | null][] = [
    ['Amount', amounts.amount],
    ['tip', amounts.tip],
    ['fee', amounts.fee],
    ['tax', amounts.tax],
    ['total', amounts.total],
  ];
  // A zero fee or tax says nothing about the tip; leaving it out keeps the figures readable.
  const said = parts
    .filter((part): part is [string, number] => part[1] !== null && !(part[1] === 0 && (part[0] === 'fee' || part[0] === 'tax')))
    .map(([label, cents]) => `${label} ${formatMoney(cents)}`);
  return said.length > 0 ? said.join(', ') : 'no figures';
}

function stepOfSale(sale: PaymentResult): TipCheckStep {
  const ok = sale.outcome === 'approved';
  return {
    id: 'sale',
    name: SALE_STEP,
    status: ok ? 'ok' : 'failed',
    detail: ok
      ? `Approved: ${describe(sale.amounts)}`
      : `${sale.outcome === 'partial' ? 'Partly approved' : 'Not approved'}: ${sale.statusCode} ${sale.message}`.trim(),
  };
}

function skipped(id: TipCheckStep['id'], detail: string): TipCheckStep {
  return { id, name: id === 'status' ? 'Read it back (Status)' : 'Take it back (Void)', status: 'skipped', detail };
}

/** Status of the test sale: the record the terminal keeps, to compare with its first answer. */
async function readBack(
  deps: MoneyMoveDeps,
  profileId: string,
  referenceId: string,
): Promise<{ amounts: AnsweredAmounts | null; step: TipCheckStep }> {
  const name = 'Read it back (Status)';
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
  const name = 'Take it back (Void)';
  const voiding = await voidTestSale(deps, profileId, referenceId, amountCents);
  if (voiding.ok) {
    return {
      step: { id: 'void', name, status: 'ok', detail: `Voided ${formatMoney(amountCents)}` },
      testSale: voidedFate(referenceId, amountCents),
    };
  }
  return {
    problem: `The test sale ${referenceId} (${formatMoney(amountCents)}) is still charged: the Void did not go through (${voiding.why}).`,
    step: { id: 'void', name, status: 'failed', detail: voiding.why },
    testSale: mayBeChargedFate(referenceId, amountCents, `the Void did not go through: ${voiding.why}`),
  };
}
