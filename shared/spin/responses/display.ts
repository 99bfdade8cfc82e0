import { responseSchema } from '../common';
import { looseString } from '../tolerant';

// Display screens answer with GeneralResponse only; SelectInvoice adds the customer's pick.

export const CartResponse = responseSchema({});
export const PaymentInvoiceResponse = responseSchema({});
export const SelectInvoiceResponse = responseSchema({ SelectedInvoiceId: looseString() });
