import type { z } from 'zod';
import { SettleRequest, SummaryRequest, DailyRequest } from './requests/batch';
import { CartRequest, PaymentInvoiceRequest, SelectInvoiceRequest } from './requests/display';
import { AddLevel3ItemRequest, RemoveLevel3ItemRequest } from './requests/level3';
import { OfflineStatusRequest, StatusListRequest, StatusRequest } from './requests/lookup';
import { AuthRequest, BalanceRequest, CaptureRequest, ReturnRequest, SaleRequest, TipAdjustRequest, VoidRequest } from './requests/payment';
import { DisclaimerRequest, GetCardRequest, GetSignatureRequest, UserChoiceRequest, UserInputRequest } from './requests/prompts';
import { AbortTransactionRequest, TerminalStatusRequest } from './requests/terminal';
import { DailyResponse, SettleResponse, SummaryResponse } from './responses/batch';
import { CartResponse, PaymentInvoiceResponse, SelectInvoiceResponse } from './responses/display';
import { AddLevel3ItemResponse, RemoveLevel3ItemResponse } from './responses/level3';
import { OfflineStatusResponse, StatusListResponse, StatusResponse } from './responses/lookup';
import {
  AuthResponse,
  BalanceResponse,
  CaptureResponse,
  ReturnResponse,
  SaleResponse,
  TipAdjustResponse,
  VoidResponse,
} from './responses/payment';
import { DisclaimerResponse, GetCardResponse, GetSignatureResponse, UserChoiceResponse, UserInputResponse } from './responses/prompts';
import { AbortTransactionResponse, TerminalStatusResponse } from './responses/terminal';

import { endpointNames, endpointRoutes, type EndpointName, type EndpointRoute } from './endpoint-table';

// The SPIn v2 endpoints with their request and response schemas, for the main process and the
// simulator. Names, paths and kinds live in endpoint-table.ts (what the renderer reads); this file
// only pairs each of those names with its two schemas, and the compiler holds the pairing to
// exactly that list (no name missing, none extra).

export { endpointForPath, endpointNames, queryOf, queryRedacted, type EndpointName, type EndpointRoute } from './endpoint-table';

export interface EndpointDef extends EndpointRoute {
  readonly request: z.ZodType;
  readonly response: z.ZodType;
}

const schemas = {
  Sale: { request: SaleRequest, response: SaleResponse },
  Auth: { request: AuthRequest, response: AuthResponse },
  Capture: { request: CaptureRequest, response: CaptureResponse },
  Return: { request: ReturnRequest, response: ReturnResponse },
  Void: { request: VoidRequest, response: VoidResponse },
  TipAdjust: { request: TipAdjustRequest, response: TipAdjustResponse },
  Balance: { request: BalanceRequest, response: BalanceResponse },
  Status: { request: StatusRequest, response: StatusResponse },
  StatusList: { request: StatusListRequest, response: StatusListResponse },
  OfflineStatus: { request: OfflineStatusRequest, response: OfflineStatusResponse },
  Settle: { request: SettleRequest, response: SettleResponse },
  Summary: { request: SummaryRequest, response: SummaryResponse },
  Daily: { request: DailyRequest, response: DailyResponse },
  AddLevel3Item: { request: AddLevel3ItemRequest, response: AddLevel3ItemResponse },
  RemoveLevel3Item: { request: RemoveLevel3ItemRequest, response: RemoveLevel3ItemResponse },
  Cart: { request: CartRequest, response: CartResponse },
  PaymentInvoice: { request: PaymentInvoiceRequest, response: PaymentInvoiceResponse },
  SelectInvoice: { request: SelectInvoiceRequest, response: SelectInvoiceResponse },
  UserInput: { request: UserInputRequest, response: UserInputResponse },
  UserChoice: { request: UserChoiceRequest, response: UserChoiceResponse },
  Disclaimer: { request: DisclaimerRequest, response: DisclaimerResponse },
  GetSignature: { request: GetSignatureRequest, response: GetSignatureResponse },
  GetCard: { request: GetCardRequest, response: GetCardResponse },
  AbortTransaction: { request: AbortTransactionRequest, response: AbortTransactionResponse },
  TerminalStatus: { request: TerminalStatusRequest, response: TerminalStatusResponse },
} as const satisfies { readonly [N in EndpointName]: { readonly request: z.ZodType; readonly response: z.ZodType } };

type Endpoints = { readonly [N in EndpointName]: (typeof endpointRoutes)[N] & (typeof schemas)[N] };

export const endpoints = Object.fromEntries(
  endpointNames.map((name) => [name, { ...endpointRoutes[name], ...schemas[name] }]),
) as unknown as Endpoints;

export type RequestOf<N extends EndpointName> = z.input<(typeof endpoints)[N]['request']>;
export type ResponseOf<N extends EndpointName> = z.output<(typeof endpoints)[N]['response']>;
