// Live SPIn exchanges as integrators kept them in public repositories (docs/PROTOCOL.md §3.1, §3.2,
// §3.4, §4.19, §6.3), with every id, key and number replaced by an obvious fake. What is kept is the
// shape: which fields are there, their JSON types, their casing and, where a text was recorded, its
// wording. simulator/client-fidelity.test.ts sends the requests to the simulator and holds its answers to these.

/** Obviously fake credentials, the simulator's test terminal. */
export const FAKE_TERMINAL = { tpn: 'FIDELITY0001', authkey: 'FAKEKEY039' } as const;

/**
 * A production Sale answer (an integrator's kept copy, April 2025): contactless, approved. The
 * host text comes URL-encoded with a trailing space, DetailedMessage with the space unencoded,
 * ResultCode as the string "0", zero amounts as 0 (not null), IPosToken and no Token,
 * PNReferenceId, MerchantName, Signature or MerchantNumber; CardData has no CardBrand, and the
 * extended data is keyed by the EMV application name. The 50-odd extended data entries are
 * reduced to the ones the simulator also writes.
 */
export const LIVE_SALE_ANSWER = {
  Amounts: { TotalAmount: 1.04, Amount: 1.04, TipAmount: 0, FeeAmount: 0, TaxAmount: 0 },
  GeneralResponse: {
    HostResponseCode: '00',
    HostResponseMessage: 'APPROVAL%20123456%20',
    ResultCode: '0',
    StatusCode: '0000',
    Message: 'Approved',
    DetailedMessage: 'APPROVAL 123456 ',
  },
  PaymentType: 'Credit',
  TransactionType: 'Sale',
  AuthCode: '123456',
  ReferenceId: 'FAKEREF0001',
  InvoiceNumber: '8',
  SerialNumber: 'FAKESERIAL000001',
  BatchNumber: '1',
  TransactionNumber: '8',
  Voided: false,
  IPosToken: 'FAKEIPOSTOKEN0000000000000000000000000000000000',
  RRN: '000000000001',
  ExtendedDataByApplication: {
    'AMEX CREDIT': { Amount: '1.04', Tip: '0.00', Fee: '0.00', TotalAmt: '1.04', TaxAmount: '0.00', BatchNum: '1', InvNum: '8' },
  },
  CardData: {
    CardType: 'Amex',
    EntryType: 'Contactless',
    Last4: '0005',
    First4: '3700',
    BIN: '370000',
    ExpirationDate: '1230',
    Name: 'VALUED CUSTOMER           ',
  },
  EMVData: { ApplicationName: 'AMEX CREDIT', AID: 'A000000025010901', TVR: '0000008000', TSI: 'A000', IAD: '', ARC: '' },
} as const;

/** Fields a live Sale answer was never seen to carry (docs/PROTOCOL.md §3.2). */
export const NOT_IN_LIVE_SALE = ['Token', 'PNReferenceId', 'MerchantName', 'Signature', 'MerchantNumber'] as const;

/** The docs' sample Sale request (vendor's API page), as integrators copy it. */
export const DOCS_SAMPLE_SALE = {
  Amount: 42.5,
  TipAmount: 5,
  PaymentType: 'Credit',
  ReferenceId: 'FAKEREF0002',
  InvoiceNumber: 'INV-000981',
  PrintReceipt: 'No',
  GetReceipt: 'Customer',
  MerchantNumber: null,
  CaptureSignature: false,
  GetExtendedData: true,
  CallbackInfo: { Url: '' },
  Tpn: FAKE_TERMINAL.tpn,
  Authkey: FAKE_TERMINAL.authkey,
  SPInProxyTimeout: 120,
  CustomFields: {},
} as const;

/** An integrator's AbortTransaction body: MerchantNumber and SPInProxyTimeout beside the credentials. */
export const LIVE_ABORT_REQUEST = {
  Tpn: FAKE_TERMINAL.tpn,
  Authkey: FAKE_TERMINAL.authkey,
  ReferenceId: 'FAKEREF0003',
  MerchantNumber: 1,
  SPInProxyTimeout: 30,
} as const;

/** The prompt calls an integrator's live checks sent with MerchantNumber and SPInProxyTimeout, and the words they got back. */
export const LIVE_PROMPT_CALLS = [
  { endpoint: 'UserChoice', body: { Title: 'Receipt?', ChoiceOptions: ['Email', 'None'] }, message: 'Success' },
  { endpoint: 'Disclaimer', body: { Title: 'Deposit is refunded at return' }, message: 'OK' },
  { endpoint: 'GetSignature', body: {}, message: 'OK' },
] as const;

/** The recorded 2201 for a Void that carries only a ReferenceId: Amount first, then the PaymentType list. */
export const LIVE_VOID_2201 = {
  request: { ReferenceId: 'FAKEREF0004' },
  detailed:
    'The Amount field is required. For PaymentType field required values are [Credit, Debit, EBT_Food, EBT_Cash, Card, Cash, Check, Gift, UserChoice]',
} as const;

/** A malformed nested object drew ASP.NET's own 500, with no GeneralResponse. */
export const LIVE_MALFORMED_NESTED = {
  request: { PaymentType: 'Credit', ReferenceId: 'FAKEREF0005', Amount: 1, CallbackInfo: 'not an object' },
  status: 500,
  body: { Message: 'An error has occurred.' },
} as const;
