// Level 3 line items staged against a transaction of the open batch, found by its AuthCode.
// A missing AuthCode is 1013 and an unknown one 1001 (docs/PROTOCOL.md §4.15, TSYS behaviour).
import type { TxRecord } from '../model';
import { bare, general, type WireBody } from '../replies';
import { notInBatch, type Handler, type HandlerContext } from './context';

function target(ctx: HandlerContext, authCode: string | undefined): TxRecord | WireBody {
  if (authCode === undefined || authCode === '') return bare('1013', 'AuthCode is required for Level 3 data');
  return ctx.terminal.batch.byAuthCode(authCode) ?? bare('1001', notInBatch(ctx.terminal, `AuthCode ${authCode}`));
}

const isRecord = (value: TxRecord | WireBody): value is TxRecord => !('GeneralResponse' in value);

function reply(record: TxRecord, referenceId: string): WireBody {
  return {
    GeneralResponse: general('0000'),
    AuthCode: record.authCode,
    ReferenceId: referenceId,
    LineItemCount: record.level3Items.length,
  };
}

export const AddLevel3Item: Handler<'AddLevel3Item'> = (ctx, request) => {
  const record = target(ctx, request.AuthCode);
  if (!isRecord(record)) return record;
  record.level3Items.push(...(request.Level3LineItems?.Group ?? []));
  return reply(record, request.ReferenceId);
};

/** LineItemNumber counts from 1; without one, every staged item is removed. */
export const RemoveLevel3Item: Handler<'RemoveLevel3Item'> = (ctx, request) => {
  const record = target(ctx, request.AuthCode);
  if (!isRecord(record)) return record;
  const number = request.LineItemNumber;
  if (number == null) {
    record.level3Items.length = 0;
  } else if (number > record.level3Items.length) {
    return bare('1001', `Line item ${number} not found (${record.level3Items.length} staged for AuthCode ${record.authCode})`);
  } else {
    record.level3Items.splice(number - 1, 1);
  }
  return reply(record, request.ReferenceId);
};
