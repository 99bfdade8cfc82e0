import type { EndpointName, RequestOf } from '@shared/spin';

// One valid request per endpoint, written with the documented field names (docs/PROTOCOL.md §4) and obviously fake
// credentials, and a response per endpoint. Used by the tests and the bench; no product code needs them.
// Typed against RequestOf, so a renamed field breaks the build, not just a test.

const credentials = { Tpn: 'Z8SIM0000001', Authkey: 'FAKEKEY001', SPInProxyTimeout: null, CustomFields: {} };

const envelope = {
  PaymentType: 'Credit',
  ReferenceId: 'POS7731A0042',
  PrintReceipt: 'No',
  GetReceipt: 'No',
  MerchantNumber: null,
  CaptureSignature: false,
  GetExtendedData: false,
  IsReadyForIS: false,
  CallbackInfo: { Url: '' },
  ...credentials,
} as const;

const cart = {
  Amounts: [
    { Name: 'Subtotal', Value: 40 },
    { Name: 'Tax', Value: 2.5 },
  ],
  CashPrices: [{ Name: 'Total', Value: 41.25 }],
  Items: [
    {
      Name: 'Flat white',
      Price: 4.5,
      UnitPrice: 4.5,
      Quantity: 1,
      AdditionalInfo: '',
      CustomInfos: [{ Name: 'Size', Value: 'Large' }],
      Modifiers: [{ Name: 'Milk', Options: [{ Name: 'Oat', Price: 0.5, Quantity: 1 }] }],
    },
  ],
};

export const requestExamples: { [N in EndpointName]: RequestOf<N> } = {
  Sale: {
    ...envelope,
    Amount: 42.5,
    TipAmount: 5,
    ExternalReceipt: '<C>Thank you</C>',
    CustomFee: null,
    InvoiceNumber: 'INV-000981',
    Cart: cart,
    CustomFields: { CustomerEmail: '<EMAIL>', CustomerMobile: '<PHONE_NUMBER>' },
  },
  Auth: { ...envelope, Amount: 61.2, Cart: cart },
  Capture: { ...envelope, Amount: 61.2, TipAmount: 0, AuthCode: '7HD2QX' },
  Return: { ...envelope, Amount: 20, InvoiceNumber: 'INV-000982', ReconId: 'R1', IsvId: 'ISV-1' },
  Void: { ...envelope, Amount: 42.5 },
  TipAdjust: {
    ...credentials,
    Amount: 42.5,
    TipAmount: 6,
    TipIndicator: 'Replace',
    PaymentType: 'Credit',
    ReferenceId: 'POS7731A0042',
    MerchantNumber: 1,
  },
  Balance: { ...envelope, PaymentType: 'EBT_Food' },
  Status: { ...envelope, TransactionNumber: null },
  StatusList: { ...credentials, PaymentType: 'Credit', MerchantNumber: null, TransactionFromIndex: 10, TransactionToIndex: 12 },
  OfflineStatus: { ...credentials, PaymentType: 'Credit', ReferenceId: 'POS7731A0042' },
  Settle: { ...credentials, ReferenceId: 'SETTLE-20260921', GetReceipt: false, SettlementType: 'Close', SPInProxyTimeout: 420 },
  Summary: { Tpn: 'Z8SIM0000001', Authkey: 'FAKEKEY001', SPInProxyTimeout: null },
  Daily: { Tpn: 'Z8SIM0000001', Authkey: 'FAKEKEY001', SPInProxyTimeout: null },
  AddLevel3Item: {
    ...envelope,
    Amount: 100,
    Tip: 0,
    TaxAmount: 8.25,
    LocalTaxFlag: 'LocalOrSales',
    AuthCode: '7HD2QX',
    DestZipCode: '10013',
    LineItemCount: 1,
    Level3LineItems: {
      Group: [
        {
          CommodityCode: '44121600',
          Description: 'Toner',
          ProductCode: 'TN-1',
          Quantity: 2,
          UnitOfMeasure: 'EA',
          UnitCost: 50,
          TotalAmount: 100,
        },
      ],
    },
  },
  RemoveLevel3Item: { ...envelope, LineItemNumber: 1, AuthCode: '7HD2QX' },
  Cart: { Tpn: 'Z8SIM0000001', Authkey: 'FAKEKEY001', CustomFields: {}, Cart: cart },
  PaymentInvoice: {
    ...credentials,
    ReferenceId: 'TABLE12-1',
    InvoiceData: {
      Id: 'T12',
      Name: 'Table 12',
      TotalAmount: 58.4,
      PaidAmount: 20,
      Goods: [{ Name: 'Pasta', Amount: 18.4, Quantity: 1 }],
      Payments: [{ ReferenceId: 'TABLE12-0', Name: 'Guest 1', Amount: 20, TipAmount: 2 }],
    },
  },
  SelectInvoice: { ...credentials, Title: 'Pick your check', InvoiceList: [{ Id: 'T12', Name: 'Table 12', Amount: 58.4, Type: 'Open' }] },
  UserInput: { ...credentials, Title: 'Enter ZIP code', Type: 'Number', Timeout: 60, MaxLength: 5, HiddenInput: false },
  UserChoice: { ...credentials, Title: 'How do you want your receipt?', ChoiceOptions: ['Print', 'Email', 'No receipt'] },
  Disclaimer: { ...credentials, Title: 'Deposit is refunded at return' },
  GetSignature: { ...credentials },
  GetCard: { ...credentials, Prompt: 'Insert card', Timeout: null, ReferenceId: 'CARD-1', PaymentType: 'Card' },
  AbortTransaction: { Tpn: credentials.Tpn, Authkey: credentials.Authkey, CustomFields: {}, ReferenceId: 'POS7731A0042' },
  TerminalStatus: { Tpn: credentials.Tpn, Authkey: credentials.Authkey },
};

// ---- responses: a representative success per endpoint (docs/PROTOCOL.md §3.2, §4) --------

const approved = {
  ResultCode: '0',
  StatusCode: '0000',
  Message: 'Approved',
  DetailedMessage: 'APPROVAL 0K41ZQ',
  DelayBeforeNextRequest: null,
};

const record = {
  GeneralResponse: { ...approved, HostResponseCode: '00', HostResponseMessage: 'APPROVAL 0K41ZQ' },
  PaymentType: 'Credit',
  TransactionType: 'Sale',
  Amounts: { TotalAmount: 43.77, Amount: 42.5, TipAmount: 5, FeeAmount: 1.27, TaxAmount: 0 },
  AuthCode: '0K41ZQ',
  ReferenceId: 'POS7731A0042',
  InvoiceNumber: 'INV-000981',
  SerialNumber: 'SIM0000000000001',
  BatchNumber: '57',
  TransactionNumber: '12',
  Voided: false,
  RRN: '612345001207',
  MerchantNumber: null,
  CardData: { CardType: 'Visa', EntryType: 'Contactless', Last4: '0119', First4: '4761', BIN: '476173', Name: '' },
  EMVData: { ApplicationName: 'VISA CREDIT', AID: 'A0000000031010', TVR: '0000000000', TSI: '0000', IAD: '06010A03A00000', ARC: '00' },
  Receipts: { Customer: '<C>SIM STORE</C>', Merchant: '' },
  ExtendedDataByApplication: { Visa: { Amount: '42.50', Tip: '5.00' } },
  L2L3ValidationError: { PoNumber: '' },
};

const totals = { TransactionsCount: 14, SaleAmount: 812.4, ReturnAmount: 20, VoidAmount: 42.5, AuthAmount: 0, TotalAmount: 792.4 };

export const responseExamples: { [N in EndpointName]: Record<string, unknown> } = {
  Sale: record,
  Auth: { ...record, TransactionType: 'Auth' },
  Capture: { ...record, TransactionType: 'Capture' },
  Return: { ...record, TransactionType: 'Return' },
  Void: { ...record, TransactionType: 'Void', Voided: true },
  TipAdjust: { ...record, TransactionType: 'TipAdjust' },
  Balance: { ...record, TransactionType: 'Balance', Amounts: { EBTFSAvailableBalance: 120.5, EBTCashAvailableBalance: 40 } },
  Status: record,
  StatusList: { Transactions: [record], GeneralResponse: approved },
  OfflineStatus: { Transactions: [{ ...record, TransactionDateTime: '2026-09-21T10:15:00' }], GeneralResponse: approved },
  Settle: {
    SettleDetails: [
      {
        MerchantNumber: 1,
        MerchantName: 'Sim Store',
        Application: 'Credit',
        DetailedMessage: 'BATCH 57 CLOSED',
        BatchNumber: '57',
        HostStatus: 'Approved',
        TransactionsReports: totals,
        Receipt: '',
      },
    ],
    GeneralResponse: approved,
  },
  Summary: {
    SummaryDetails: [{ MerchantNumber: 1, Application: 'Credit', TransactionsSummaryReports: totals }],
    GeneralResponse: approved,
  },
  Daily: {
    DailyDetails: [
      {
        MerchantNumber: 1,
        Application: 'Credit',
        TotalAmount: 43.77,
        TransactionsDailyReports: [
          { Number: '12', ReferenceId: 'POS7731A0042', CardType: 'Visa', TransactionType: 'Sale', Last4: '0119', Amount: 43.77 },
        ],
      },
    ],
    GeneralResponse: approved,
  },
  AddLevel3Item: { AuthCode: '7HD2QX', ReferenceId: 'POS7731A0042', LineItemCount: 1, GeneralResponse: approved },
  RemoveLevel3Item: { AuthCode: '7HD2QX', ReferenceId: 'POS7731A0042', LineItemCount: 0, GeneralResponse: approved },
  Cart: { GeneralResponse: approved },
  PaymentInvoice: { GeneralResponse: approved },
  SelectInvoice: { SelectedInvoiceId: 'T12', GeneralResponse: approved },
  UserInput: { InputedString: '10013', GeneralResponse: approved },
  UserChoice: { SelectedOption: 'Email', GeneralResponse: approved },
  Disclaimer: { Signature: '', GeneralResponse: approved },
  GetSignature: { Signature: 'iVBORw0KGgo=', GeneralResponse: approved },
  GetCard: { Track1: '', Track2: '', Account: '476173******0119', EntryType: 'Chip', GeneralResponse: approved },
  AbortTransaction: { GeneralResponse: approved },
  TerminalStatus: { TerminalStatus: 'Online', Tpn: 'Z8SIM0000001', ErrorDescription: '' },
};
