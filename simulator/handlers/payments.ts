// New payments: Sale, Auth, Capture and Return each create a record in the open batch.
// By default the request's Amount is tip-inclusive (no source settles it: docs/PROTOCOL.md §13.1);
// in the 'on-top' tip mode the terminal adds TipAmount to it instead. Either way
// the record's Amount is the charged amount with the tip, and the fee (the terminal's fee program,
// fee-program.ts) is charged on top, so TotalAmount = Amount + FeeAmount + TaxAmount.
import { toCents } from '@shared/spin';
import { chargeFee } from '../fee-program';
import type { RecordType, TxRecord } from '../model';
import { addNewRecord } from '../records';
import { renderRecord } from '../render';
import type { WireBody } from '../replies';
import type { TipMode } from '../tip-mode';
import { notInBatch, paymentFailure, type Handler, type HandlerContext, type RequestOf } from './context';

type NewPaymentRequest = RequestOf<'Sale'> | RequestOf<'Auth'> | RequestOf<'Capture'> | RequestOf<'Return'>;

interface Problem {
  code: string;
  detail: string;
}

const EBT = new Set(['EBT_Food', 'EBT_Cash']);

function optionalCents(request: NewPaymentRequest, field: 'TipAmount' | 'CustomFee'): number {
  const value = (request as Partial<Record<typeof field, number | null>>)[field];
  return typeof value === 'number' ? toCents(value) : 0;
}

/** Terminal-side rules on the amounts (docs/PROTOCOL.md §4.1, §4.2); `total` is what the customer is asked for, tip included. */
function amountProblem(
  type: RecordType,
  request: NewPaymentRequest,
  total: number,
  tip: number,
  fee: number,
  tipMode: TipMode,
): Problem | null {
  if (type === 'Auth' && tip > 0) return { code: '1004', detail: 'TipAmount is not allowed on Auth' };
  if (type === 'Auth' && fee > 0) return { code: '1004', detail: 'CustomFee is not allowed on Auth' };
  if (fee > 0 && EBT.has(request.PaymentType)) return { code: '1004', detail: 'CustomFee is not allowed on EBT' };
  if (tip + fee > total) {
    return { code: '1013', detail: tipMode === 'on-top' ? 'CustomFee exceeds Amount' : 'TipAmount plus CustomFee exceed Amount' };
  }
  return null;
}

/** The Auth a Capture completes, or why it cannot be captured. */
function authToCapture(ctx: HandlerContext, authCode: string): TxRecord | Problem {
  const auth = ctx.terminal.batch.byAuthCode(authCode);
  if (!auth) return { code: '1001', detail: notInBatch(ctx.terminal, `AuthCode ${authCode}`) };
  if (auth.transactionType !== 'Auth') {
    return { code: '1008', detail: `AuthCode ${authCode} belongs to a ${auth.transactionType}; only an Auth can be captured` };
  }
  if (auth.voided) return { code: '1004', detail: `Auth ${auth.referenceId} was voided` };
  if (auth.capturedBy !== null) return { code: '1004', detail: `Auth ${auth.referenceId} was already captured by ${auth.capturedBy}` };
  return auth;
}

function newPayment(ctx: HandlerContext, request: NewPaymentRequest, type: RecordType, authCode?: string): WireBody {
  const { terminal, override } = ctx;
  const fail = (problem: Problem) => paymentFailure(terminal, request, type, problem.code, problem.detail);
  if (override.kind === 'code') {
    const reply = paymentFailure(terminal, request, type, override.code);
    // A declined or cancelled attempt stays visible to Status (a real terminal keeps it too).
    if (override.code !== '1011') terminal.batch.rememberDecline(request.ReferenceId, reply);
    return reply;
  }
  if (terminal.batch.hasReference(request.ReferenceId)) return paymentFailure(terminal, request, type, '1011');
  const amount = toCents(request.Amount);
  const tip = optionalCents(request, 'TipAmount');
  const fee = optionalCents(request, 'CustomFee');
  // The amount charged with the tip: the request's Amount, or in 'on-top' mode Amount + TipAmount.
  const total = ctx.tipMode === 'on-top' ? amount + tip : amount;
  const problem = amountProblem(type, request, total, tip, fee, ctx.tipMode);
  if (problem) return fail(problem);
  const auth = authCode === undefined ? undefined : authToCapture(ctx, authCode);
  if (auth && !('referenceId' in auth)) return fail(auth);

  const partial = override.kind === 'partial';
  // Partial approval: the host approves 80% of what it was asked for (50.00 -> 40.00).
  const approved = partial ? Math.floor((total * 4) / 5) : total;
  const charge = chargeFee({
    program: ctx.feeProgram,
    paymentType: request.PaymentType,
    // A hold and a refund pay no program fee: the Capture of a hold pays it on the final amount.
    feeable: type === 'Sale' || type === 'Capture',
    approvedCents: approved,
    tipCents: Math.min(tip, approved),
    customFeeCents: fee,
  });
  if ('refusal' in charge) return fail({ code: '1004', detail: charge.refusal });
  const record = addNewRecord(terminal, {
    type,
    paymentType: request.PaymentType,
    referenceId: request.ReferenceId,
    requestedCents: amount,
    approvedCents: approved,
    tipCents: tip,
    feeCents: charge.feeCents,
    taxCents: charge.taxCents,
    feeRule: charge.rule,
    externalReceipt: 'ExternalReceipt' in request ? request.ExternalReceipt : undefined,
    partial,
    invoiceNumber: request.InvoiceNumber,
    merchantNumber: request.MerchantNumber,
    signature: request.CaptureSignature,
    auth,
    createdAt: ctx.now.toISOString(),
  });
  return renderRecord(terminal, record, { getReceipt: request.GetReceipt, getExtendedData: request.GetExtendedData });
}

export const Sale: Handler<'Sale'> = (ctx, request) => newPayment(ctx, request, 'Sale');
export const Auth: Handler<'Auth'> = (ctx, request) => newPayment(ctx, request, 'Auth');
export const Capture: Handler<'Capture'> = (ctx, request) => newPayment(ctx, request, 'Capture', request.AuthCode);
export const Return: Handler<'Return'> = (ctx, request) => newPayment(ctx, request, 'Return');
