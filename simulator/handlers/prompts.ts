// Prompts the simulated customer answers: the first fitting answer queued through the control
// API, else a default (first invoice, "12345", first option, the test card). A queued cancel is
// 1012; a queued noAnswer never reaches here (the request is held until SPInProxyTimeout).
import { cardData, cardFrom, maskedAccount } from '../card';
import { SIGNATURE_PNG } from '../render';
import { bare, general, type GeneralResponseWire, type WireBody } from '../replies';
import type { Handler, HandlerContext } from './context';

const DEFAULT_INPUT = '12345';

function cancelled(ctx: HandlerContext): WireBody | null {
  return ctx.answer?.kind === 'cancel' ? bare('1012', 'Customer canceled') : null;
}

/** A queued pick must be something the terminal showed; anything else is a test setup error. */
function notOffered(what: string, value: string): WireBody {
  return bare('1013', `Queued ${what} '${value}' is not among the ones shown`);
}

export const UserInput: Handler<'UserInput'> = (ctx, request) => {
  const cancel = cancelled(ctx);
  if (cancel) return cancel;
  const typed = ctx.answer?.kind === 'text' ? ctx.answer.text : request.Type === 'InfoOnly' ? '' : DEFAULT_INPUT;
  const text = request.MaxLength == null ? typed : typed.slice(0, request.MaxLength);
  return { GeneralResponse: general('0000'), InputedString: text };
};

/** A 0000 in the words live services use for prompts, where a payment's reads "Approved" (docs/PROTOCOL.md §4.18). */
function succeeded(word: string): GeneralResponseWire {
  return { ...general('0000'), Message: word, DetailedMessage: word };
}

export const UserChoice: Handler<'UserChoice'> = (ctx, request) => {
  const cancel = cancelled(ctx);
  if (cancel) return cancel;
  const option = ctx.answer?.kind === 'option' ? ctx.answer.option : request.ChoiceOptions[0];
  if (option === undefined || !request.ChoiceOptions.includes(option)) return notOffered('option', String(option));
  return { GeneralResponse: succeeded('Success'), SelectedOption: option };
};

/** Live terminals only showed the text and answered at once, with no signature (docs/PROTOCOL.md §4.21). */
export const Disclaimer: Handler<'Disclaimer'> = () => ({ GeneralResponse: succeeded('OK'), Signature: '' });

/** The customer signs at once; the signature is a 1x1 PNG, as on the simulator's receipts. */
export const GetSignature: Handler<'GetSignature'> = (ctx) =>
  cancelled(ctx) ?? { GeneralResponse: succeeded('OK'), Signature: SIGNATURE_PNG };

export const SelectInvoice: Handler<'SelectInvoice'> = (ctx, request) => {
  const cancel = cancelled(ctx);
  if (cancel) return cancel;
  const id = ctx.answer?.kind === 'invoice' ? ctx.answer.invoiceId : request.InvoiceList[0]?.Id;
  if (id === undefined || !request.InvoiceList.some((invoice) => invoice.Id === id)) return notOffered('invoice', String(id));
  return { GeneralResponse: general('0000'), SelectedInvoiceId: id };
};

/** Track data is masked the way terminals return it: no full account number ever leaves. */
export const GetCard: Handler<'GetCard'> = (ctx) => {
  const cancel = cancelled(ctx);
  if (cancel) return cancel;
  const card = cardFrom(ctx.answer?.kind === 'card' ? ctx.answer.card : {});
  const account = maskedAccount(card);
  return {
    GeneralResponse: general('0000'),
    Track1: `%B${account}^${card.name}^${card.expiry.slice(2)}${card.expiry.slice(0, 2)}***?`,
    Track2: `;${account}=${card.expiry.slice(2)}${card.expiry.slice(0, 2)}***?`,
    Account: account,
    EntryType: card.entryType,
    CardData: cardData(card),
  };
};
