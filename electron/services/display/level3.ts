import type { z } from 'zod';
import type { AddLevel3Form, Level3LineInput, Level3Result, RemoveLevel3Form } from '@shared/ipc/display-views';
import type { ResponseOf } from '@shared/spin/endpoints';
import { explainCode } from '@shared/spin/codes';
import { toDollars } from '@shared/spin/money';
import { AppFailure } from '../app-failure';
import * as m from '@shared/i18n/paraglide/messages/_index.js';
import { isSpinError } from '../spin/spin-error';
import { callTerminal, filled, type TerminalDeps } from '../terminal/terminal-call';

// Level 3 (commercial card) line items staged against an approved transaction, found by its
// AuthCode (/v2/L3Data). They change no amount, so they are not journaled like payments.

const dollars = (cents: number | undefined) => (cents === undefined ? undefined : toDollars(cents));

/** Drops the keys whose value is undefined, so the strict wire schema sees only what was filled. */
function defined<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}

function lineToWire(line: Level3LineInput) {
  return defined({
    Description: line.description,
    CommodityCode: filled(line.commodityCode),
    ProductCode: filled(line.productCode),
    Quantity: line.quantity,
    UnitOfMeasure: filled(line.unitOfMeasure),
    UnitCost: dollars(line.unitCostCents),
    VatTaxAmount: dollars(line.vatTaxCents),
    VatTaxRate: line.vatTaxRate,
    DiscountAmount: dollars(line.discountCents),
    TotalAmount: dollars(line.totalCents),
  });
}

/** What to do when the terminal answers 1001 (the catalogue's words are about Void and tips), worded when answered. */
const NOT_FOUND = {
  add: { explanation: m.svc_level3_add_explanation, remedy: m.svc_level3_add_remedy },
  remove: { explanation: m.svc_level3_remove_explanation, remedy: m.svc_level3_remove_remedy },
};

/** A 1001 answer in Level 3 words; anything else goes on as it came. */
async function inLevel3Words<T>(kind: keyof typeof NOT_FOUND, call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (!isSpinError(error) || error.statusCode !== '1001') throw error;
    const words = NOT_FOUND[kind];
    throw new AppFailure('TERMINAL', m.main_code_message({ label: explainCode('1001').label, explanation: words.explanation() }), {
      statusCode: '1001',
      remedy: words.remedy(),
    });
  }
}

function envelope(form: { authCode: string; referenceId: string; paymentType: z.output<typeof AddLevel3Form>['paymentType'] }) {
  return { AuthCode: form.authCode, ReferenceId: form.referenceId, PaymentType: form.paymentType };
}

function resultOf(answer: ResponseOf<'AddLevel3Item'>, form: { authCode: string; referenceId: string }): Level3Result {
  const count = answer.LineItemCount;
  return {
    authCode: answer.AuthCode || form.authCode,
    referenceId: answer.ReferenceId || form.referenceId,
    lineItemCount: typeof count === 'number' && Number.isInteger(count) ? count : null,
  };
}

export async function runAddLevel3(deps: TerminalDeps, form: z.output<typeof AddLevel3Form>): Promise<Level3Result> {
  const { header } = form;
  const answer = await inLevel3Words(
    'add',
    callTerminal(deps, form.profileId, 'AddLevel3Item', () => ({
      ...envelope(form),
      ...defined({
        Amount: dollars(header.amountCents),
        Tip: dollars(header.tipCents),
        CashbackAmount: dollars(header.cashbackCents),
        CustomFee: dollars(header.customFeeCents),
        Frequency: filled(header.frequency),
        TaxAmount: dollars(header.taxCents),
        LocalTaxFlag: header.localTaxFlag,
        NationalTaxAmount: dollars(header.nationalTaxCents),
        CustRef: filled(header.custRef),
        DestZipCode: filled(header.destZipCode),
        CustomerVatReg: filled(header.customerVatReg),
        SummaryCommodityCode: filled(header.summaryCommodityCode),
        FreightAmount: dollars(header.freightCents),
        DutyAmount: dollars(header.dutyCents),
        ShipfromZipCode: filled(header.shipFromZipCode),
        DestCountryCode: filled(header.destCountryCode),
      }),
      Level3LineItems: { Group: form.items.map(lineToWire) },
    })),
  );
  return resultOf(answer, form);
}

/** Removes one staged line (counted from 1), or all of them when no number is given. */
export async function runRemoveLevel3(deps: TerminalDeps, form: z.output<typeof RemoveLevel3Form>): Promise<Level3Result> {
  const answer = await inLevel3Words(
    'remove',
    callTerminal(deps, form.profileId, 'RemoveLevel3Item', () => ({
      ...envelope(form),
      ...(form.lineItemNumber !== undefined ? { LineItemNumber: form.lineItemNumber } : {}),
    })),
  );
  return resultOf(answer, form);
}
