// Follow-ups on a record of the open batch, named by the original's ReferenceId (docs/PROTOCOL.md §5):
// Void marks the original Voided, TipAdjust replaces its tip (or adds to it). Neither creates a record; both
// answer with the updated original under their own TransactionType. After settlement the
// original is gone from the batch, so both answer 1001.
import { toCents, toDollars } from '@shared/spin';
import { feeUnder } from '../fee-program';
import type { TxRecord } from '../model';
import { renderRecord } from '../render';
import type { WireBody } from '../replies';
import { chargedCents } from '../totals';
import { notInBatch, paymentFailure, type Handler, type HandlerContext } from './context';

type FollowUp = 'Void' | 'TipAdjust';

interface FollowUpRequest {
  ReferenceId: string;
  PaymentType?: string | undefined;
}

/** The original, or the refusal when a forced outcome or a missing original stops the follow-up. */
function original(ctx: HandlerContext, request: FollowUpRequest, type: FollowUp): TxRecord | WireBody {
  if (ctx.override.kind === 'code') return paymentFailure(ctx.terminal, request, type, ctx.override.code);
  const record = ctx.terminal.batch.byReference(request.ReferenceId);
  if (record) return record;
  return paymentFailure(ctx.terminal, request, type, '1001', notInBatch(ctx.terminal, `ReferenceId ${request.ReferenceId}`));
}

const isRecord = (value: TxRecord | WireBody): value is TxRecord => !('GeneralResponse' in value);

/** Why a record cannot be followed up any more; captured Auths are settled through their Capture. */
function closedReason(record: TxRecord): string | null {
  if (record.voided) return `Transaction ${record.referenceId} is already voided`;
  if (record.capturedBy !== null) return `Auth ${record.referenceId} was captured by ${record.capturedBy}; use the Capture`;
  return null;
}

/**
 * Amount must be the original's: as the POS requested it, as approved (partial approval, tip
 * adjust) or its TotalAmount incl. fee. Anything else is 1013, so a typo cannot void the wrong sale.
 */
function amountMatches(record: TxRecord, cents: number): boolean {
  return cents === record.requestedCents || cents === record.amountCents || cents === chargedCents(record);
}

export const Void: Handler<'Void'> = (ctx, request) => {
  const target = original(ctx, request, 'Void');
  if (!isRecord(target)) return target;
  const fail = (code: string, detail: string) => paymentFailure(ctx.terminal, request, 'Void', code, detail);
  const closed = closedReason(target);
  if (closed) return fail('1004', closed);
  if (!amountMatches(target, toCents(request.Amount))) {
    return fail('1013', `Amount ${request.Amount} does not match the original amount ${toDollars(target.amountCents)}`);
  }
  target.voided = true;
  // Voiding a Capture re-opens its Auth, which can then be captured again or voided.
  const auth = target.capturedAuth === null ? undefined : ctx.terminal.batch.byReference(target.capturedAuth);
  if (auth) auth.capturedBy = null;
  return renderRecord(ctx.terminal, target, {
    transactionType: 'Void',
    getReceipt: request.GetReceipt,
    getExtendedData: request.GetExtendedData,
  });
};

/**
 * TipIndicator "Add" adds TipAmount to the tip; "Replace", or none, makes it the new total tip (what
 * clients assume: docs/PROTOCOL.md §4.6). Amount = base + new tip; a fee program's percentage with
 * "fee on tip" is charged on the new tip too.
 */
export const TipAdjust: Handler<'TipAdjust'> = (ctx, request) => {
  const target = original(ctx, request, 'TipAdjust');
  if (!isRecord(target)) return target;
  const fail = (code: string, detail: string) => paymentFailure(ctx.terminal, request, 'TipAdjust', code, detail);
  if (target.transactionType !== 'Sale' && target.transactionType !== 'Auth') {
    return fail('1008', `TipAdjust applies to a Sale or an Auth, not a ${target.transactionType}`);
  }
  const closed = closedReason(target);
  if (closed) return fail('1004', closed);
  const tip = toCents(request.TipAmount) + (request.TipIndicator === 'Add' ? target.tipCents : 0);
  target.amountCents = target.amountCents - target.tipCents + tip;
  target.tipCents = tip;
  if (target.feeRule?.onTip) Object.assign(target, feeUnder(target.feeRule, target.amountCents, tip));
  return renderRecord(ctx.terminal, target, { transactionType: 'TipAdjust', getExtendedData: request.GetExtendedData });
};
