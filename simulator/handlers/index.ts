// Endpoint name -> terminal-side handler, one per SPIn endpoint.
import { Balance } from './balance';
import type { HandlerTable } from './context';
import { Cart, PaymentInvoice } from './display';
import { TipAdjust, Void } from './followups';
import { AddLevel3Item, RemoveLevel3Item } from './level3';
import { OfflineStatus, Status, StatusList } from './lookups';
import { Auth, Capture, Return, Sale } from './payments';
import { Disclaimer, GetCard, GetSignature, SelectInvoice, UserChoice, UserInput } from './prompts';
import { Daily, Settle, Summary } from './reports';

export const handlers: HandlerTable = {
  Sale,
  Auth,
  Capture,
  Return,
  Void,
  TipAdjust,
  Balance,
  Status,
  StatusList,
  OfflineStatus,
  Settle,
  Summary,
  Daily,
  AddLevel3Item,
  RemoveLevel3Item,
  Cart,
  PaymentInvoice,
  SelectInvoice,
  UserInput,
  UserChoice,
  Disclaimer,
  GetSignature,
  GetCard,
};

export type { HandlerContext, TerminalEndpoint } from './context';
