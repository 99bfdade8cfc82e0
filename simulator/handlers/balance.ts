// EBT balance enquiry: reads the card, moves no money, stores nothing. The balances are fixed per
// terminal (food 250.00, cash 80.00 on a fresh terminal); EBT sales do not draw them down.
import { toDollars } from '@shared/spin';
import { general } from '../replies';
import { paymentFailure, type Handler } from './context';

export const Balance: Handler<'Balance'> = ({ terminal }, request) => {
  if (request.PaymentType !== 'EBT_Food' && request.PaymentType !== 'EBT_Cash') {
    return paymentFailure(terminal, request, 'Balance', '1008', 'Balance enquiry needs PaymentType EBT_Food or EBT_Cash');
  }
  const last4 = terminal.rng.digits(4);
  return {
    GeneralResponse: { ...general('0000', 'BALANCE INQUIRY'), HostResponseCode: '00', HostResponseMessage: 'APPROVAL' },
    PaymentType: request.PaymentType,
    TransactionType: 'Balance',
    Amounts: {
      EBTFSAvailableBalance: toDollars(terminal.ebt.foodCents),
      EBTCashAvailableBalance: toDollars(terminal.ebt.cashCents),
    },
    ReferenceId: request.ReferenceId,
    InvoiceNumber: request.InvoiceNumber ?? '',
    SerialNumber: terminal.serialNumber,
    BatchNumber: String(terminal.batch.number),
    Voided: false,
    CardData: {
      // CardType is an enum whose documented values are card networks (docs/PROTOCOL.md §3.3); an EBT
      // card is none of them, so it is 'Unknown'. CardBrand is free text and names it.
      CardType: 'Unknown',
      EntryType: 'Swipe',
      Last4: last4,
      First4: '5077',
      BIN: '507703',
      ExpirationDate: '',
      Name: 'TEST/EBT',
      CardBrand: 'EBT',
    },
  };
};
