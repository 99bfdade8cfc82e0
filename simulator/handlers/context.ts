// What a terminal-side handler gets: the terminal, the outcome the scenario forced, and the
// customer's queued answer. Handlers are synchronous and validate everything before they
// change anything, so a refused request leaves no partial state.
import type { z } from 'zod';
import type { EndpointName, endpoints } from '@shared/spin';
import type { FeeProgram } from '../fee-program';
import type { QueuedAnswer } from '../model';
import { general, type WireBody } from '../replies';
import type { RecordAnswers } from '../record-answers';
import type { Override } from '../scenarios';
import type { TipMode } from '../tip-mode';
import type { Terminal } from '../terminal';

export interface HandlerContext {
  terminal: Terminal;
  override: Override;
  answer: QueuedAnswer | null;
  now: Date;
  /** Whether a new payment's Amount includes its TipAmount or the tip goes on top. */
  tipMode: TipMode;
  /** How this terminal charges fees (fee-program.ts). */
  feeProgram: FeeProgram;
  /** Stored records' Status answers, rendered and encoded once until the state changes. */
  answers: RecordAnswers;
}

export type RequestOf<N extends EndpointName> = z.output<(typeof endpoints)[N]['request']>;

export type Handler<N extends EndpointName> = (ctx: HandlerContext, request: RequestOf<N>) => WireBody;

/** Endpoints the terminal works on; AbortTransaction and TerminalStatus are answered by the proxy (dispatch.ts). */
export type TerminalEndpoint = Exclude<EndpointName, 'AbortTransaction' | 'TerminalStatus'>;

export type HandlerTable = { [N in TerminalEndpoint]: Handler<N> };

/** Host fields only where a host answered: a decline carries the processor's "05 DO NOT HONOR". */
const HOST_REPLIES: Record<string, { code: string; message: string }> = {
  '1015': { code: '05', message: 'DO NOT HONOR' },
};

/**
 * A refused payment, shaped like a transaction record with empty amounts (docs/PROTOCOL.md §6.1),
 * so a client reads PaymentType, TransactionType and ReferenceId from every payment answer.
 */
export function paymentFailure(
  terminal: Terminal,
  request: { PaymentType?: string | undefined; ReferenceId?: string | undefined; InvoiceNumber?: string | undefined },
  transactionType: string,
  code: string,
  detailed?: string,
): WireBody {
  const host = HOST_REPLIES[code];
  const generalResponse = general(code, detailed ?? host?.message);
  return {
    GeneralResponse: { ...generalResponse, HostResponseCode: host?.code ?? '', HostResponseMessage: host?.message ?? '' },
    PaymentType: request.PaymentType ?? '',
    TransactionType: transactionType,
    Amounts: { TotalAmount: null, Amount: null, TipAmount: null, FeeAmount: null, TaxAmount: null },
    ReferenceId: request.ReferenceId ?? '',
    InvoiceNumber: request.InvoiceNumber ?? '',
    SerialNumber: terminal.serialNumber,
    BatchNumber: String(terminal.batch.number),
    Voided: false,
  };
}

export const notInBatch = (terminal: Terminal, what: string) => `No transaction with ${what} in open batch ${terminal.batch.number}`;
