import { describe, expect, it } from 'vitest';
import { endpointNames, endpoints, type EndpointName } from './endpoints';
import { requestExamples } from '../../tests/support/spin-examples';
import { describeIssues, formatIssues, type FieldIssue } from './validation';

interface Case {
  /** A field the endpoint cannot do without. */
  required: string;
  /** An enum field and a value outside it, where the endpoint has one. */
  enumField?: readonly [field: string, bad: string];
  /** The endpoint carries ReferenceId (limit 50). */
  referenceId?: true;
  /** The endpoint's Amount must be > 0 when sent. */
  amount?: true;
}

const cases: Record<EndpointName, Case> = {
  Sale: { required: 'Amount', enumField: ['PaymentType', 'PayPal'], referenceId: true, amount: true },
  Auth: { required: 'PaymentType', enumField: ['PrintReceipt', 'Yes'], referenceId: true, amount: true },
  Capture: { required: 'AuthCode', enumField: ['GetReceipt', 'All'], referenceId: true, amount: true },
  Return: { required: 'ReferenceId', enumField: ['PaymentType', 'Refund'], referenceId: true, amount: true },
  Void: { required: 'Amount', enumField: ['PaymentType', 'credit'], referenceId: true, amount: true },
  TipAdjust: { required: 'TipAmount', enumField: ['TipIndicator', 'Set'], referenceId: true, amount: true },
  Balance: { required: 'PaymentType', enumField: ['PaymentType', 'EBT'], referenceId: true },
  Status: { required: 'PaymentType', enumField: ['GetReceipt', 'Yes'], referenceId: true },
  StatusList: { required: 'TransactionFromIndex', enumField: ['PaymentType', 'All'] },
  OfflineStatus: { required: 'PaymentType', enumField: ['PaymentType', 'Offline'], referenceId: true },
  Settle: { required: 'Tpn', enumField: ['SettlementType', 'Open'], referenceId: true },
  Summary: { required: 'Authkey' },
  Daily: { required: 'Tpn' },
  AddLevel3Item: { required: 'ReferenceId', enumField: ['LocalTaxFlag', 'Local'], referenceId: true, amount: true },
  RemoveLevel3Item: { required: 'PaymentType', enumField: ['PrintReceipt', 'Print'], referenceId: true },
  Cart: { required: 'Cart' },
  PaymentInvoice: { required: 'InvoiceData', referenceId: true },
  SelectInvoice: { required: 'InvoiceList' },
  UserInput: { required: 'Type', enumField: ['Type', 'Digits'] },
  UserChoice: { required: 'ChoiceOptions' },
  Disclaimer: { required: 'Title' },
  GetSignature: { required: 'Authkey' },
  GetCard: { required: 'Authkey', enumField: ['PaymentType', 'Wallet'], referenceId: true },
  AbortTransaction: { required: 'Tpn', referenceId: true },
  TerminalStatus: { required: 'Authkey' },
};

/** Parses a variant of the endpoint's example and returns its field issues ([] when valid). */
function issuesFor(name: EndpointName, change: (body: Record<string, unknown>) => void = () => {}): FieldIssue[] {
  const body: Record<string, unknown> = structuredClone(requestExamples[name]) as Record<string, unknown>;
  change(body);
  const result = endpoints[name].request.safeParse(body);
  return result.success ? [] : formatIssues(result.error);
}

describe.each(endpointNames)('%s request', (name) => {
  const c = cases[name];

  it('accepts the documented example', () => {
    expect(issuesFor(name)).toEqual([]);
  });

  it(`rejects a missing ${c.required}`, () => {
    expect(issuesFor(name, (body) => delete body[c.required])).toContainEqual({ path: c.required, message: 'is required' });
  });

  it('rejects an unknown field (the service answers 2201)', () => {
    expect(issuesFor(name, (body) => (body.GetToken = true))).toContainEqual({
      path: 'GetToken',
      message: 'is not a field this endpoint accepts',
    });
  });
});

const withEnum = endpointNames.flatMap((name) => (cases[name].enumField ? ([[name, ...cases[name].enumField]] as const) : []));
const withReferenceId = endpointNames.filter((name) => cases[name].referenceId);
const withAmount = endpointNames.flatMap((name) =>
  cases[name].amount
    ? ([
        [name, 0],
        [name, -5],
      ] as const)
    : [],
);

it.each(withEnum)('%s rejects %s = %j (outside the enum)', (name, field, bad) => {
  const issues = issuesFor(name, (body) => (body[field] = bad));
  expect(issues).toHaveLength(1);
  expect(issues[0]?.path).toBe(field);
  expect(issues[0]?.message).toMatch(/^must be one of .+, .+/);
});

it.each(withReferenceId)('%s rejects a 51-character ReferenceId', (name) => {
  expect(issuesFor(name, (body) => (body.ReferenceId = 'A'.repeat(51)))).toEqual([
    { path: 'ReferenceId', message: 'must be at most 50 characters' },
  ]);
});

it.each(withAmount)('%s rejects Amount %d', (name, value) => {
  expect(issuesFor(name, (body) => (body.Amount = value))).toEqual([{ path: 'Amount', message: 'must be greater than 0' }]);
});

describe('field rules shared by every request', () => {
  const sale = (change: (body: Record<string, unknown>) => void) => issuesFor('Sale', change);

  it.each([
    ['Tpn', 'Z8SIM', 'must be at least 10 characters'],
    ['Tpn', 'Z8SIM00000001', 'must be at most 12 characters'],
    ['Authkey', 'SHORT', 'must be exactly 10 characters'],
    ['RegisterId', 'R', 'must be at least 2 characters'],
    ['SPInProxyTimeout', 721, 'must be at most 720'],
    ['SPInProxyTimeout', 1.5, 'must be a whole number'],
    ['MerchantNumber', 6, 'must be at most 5'],
    ['InvoiceNumber', 'I'.repeat(51), 'must be at most 50 characters'],
    ['ReconId', 'R'.repeat(11), 'must be at most 10 characters'],
    ['IsvId', 'I'.repeat(17), 'must be at most 16 characters'],
    ['ReferenceId', '', 'must not be empty'],
    ['ReferenceId', 'POS 42', "must contain only letters, digits, '-' or '_'"],
    ['Amount', 10.005, 'must have at most 2 decimal places'],
    ['Amount', 0.1 + 0.2, 'must have at most 2 decimal places'],
    ['Amount', 100_000_000, 'must be at most 99999999.99'],
    ['Amount', '10.00', 'must be a number'],
    ['TipAmount', -1, 'must be at least 0'],
    ['CaptureSignature', 'true', 'must be true or false'],
    ['CustomFields', [], 'must be an object'],
    ['PrintReceipt', null, 'must be one of No, Both, Merchant, Customer'],
    ['PaymentType', 'PayPal', 'must be one of Credit, Debit, EBT_Food, EBT_Cash, Card, Cash, Check, Gift, UserChoice'],
  ])('%s = %j -> %s', (field, value, message) => {
    expect(sale((body) => (body[field] = value))).toEqual([{ path: field, message }]);
  });

  it('names nested fields by their full path', () => {
    const issues = sale((body) => {
      const cart = body.Cart as { Items: Record<string, unknown>[] };
      delete cart.Items[0]!.Name;
    });
    expect(issues).toEqual([{ path: 'Cart.Items.0.Name', message: 'is required' }]);
  });

  it('describes several problems in one sentence', () => {
    const result = endpoints.Sale.request.safeParse({ ...requestExamples.Sale, ReferenceId: 'A'.repeat(51), Amount: 0 });
    expect(result.success).toBe(false);
    expect(describeIssues(result.error!)).toBe('ReferenceId must be at most 50 characters; Amount must be greater than 0');
  });
});

describe('where the documents disagree, both shapes are accepted', () => {
  it('Auth accepts TipAmount and CustomFee (the terminal answers 1004, not the schema)', () => {
    expect(issuesFor('Auth', (body) => Object.assign(body, { TipAmount: 2, CustomFee: 1 }))).toEqual([]);
  });

  it('TipAdjust accepts the later clients’ minimal body and the SDK’s CardLast4', () => {
    const minimal = { Tpn: 'Z8SIM0000001', Authkey: 'FAKEKEY001', ReferenceId: 'POS7731A0042', TipAmount: 3 };
    expect(endpoints.TipAdjust.request.safeParse(minimal).success).toBe(true);
    expect(issuesFor('TipAdjust', (body) => (body.CardLast4 = '0119'))).toEqual([]);
    expect(issuesFor('TipAdjust', (body) => (body.CardLast4 = '119'))).toEqual([
      { path: 'CardLast4', message: 'must be exactly 4 digits' },
    ]);
  });

  it.each([true, false, 'Both', 'No'])('Settle accepts GetReceipt %j', (value) => {
    expect(issuesFor('Settle', (body) => (body.GetReceipt = value))).toEqual([]);
  });

  it('Settle refuses any other GetReceipt', () => {
    expect(issuesFor('Settle', (body) => (body.GetReceipt = 'Yes'))).toEqual([
      { path: 'GetReceipt', message: 'must be true, false or one of No, Both, Merchant, Customer' },
    ]);
  });

  it('PaymentInvoice accepts InvoiceData as an object or a non-empty list', () => {
    const invoice = (requestExamples.PaymentInvoice as { InvoiceData: unknown }).InvoiceData;
    expect(issuesFor('PaymentInvoice', (body) => (body.InvoiceData = [invoice, invoice]))).toEqual([]);
    expect(issuesFor('PaymentInvoice', (body) => (body.InvoiceData = []))).toEqual([
      { path: 'InvoiceData', message: 'must contain at least 1 item' },
    ]);
    expect(issuesFor('PaymentInvoice', (body) => (body.InvoiceData = 'T12'))).toEqual([
      { path: 'InvoiceData', message: 'must be an invoice object or a non-empty list of invoice objects' },
    ]);
    expect(issuesFor('PaymentInvoice', (body) => (body.InvoiceData = [{ Name: 'no id' }]))).toEqual([
      { path: 'InvoiceData.0.Id', message: 'is required' },
    ]);
  });

  it('Status needs ReferenceId or TransactionNumber', () => {
    expect(issuesFor('Status', (body) => Object.assign(body, { ReferenceId: undefined, TransactionNumber: 7 }))).toEqual([]);
    expect(issuesFor('Status', (body) => delete body.ReferenceId)).toEqual([
      { path: 'ReferenceId', message: 'is required unless TransactionNumber is given' },
    ]);
    expect(issuesFor('Status', (body) => (body.TransactionNumber = 10_000))).toEqual([
      { path: 'TransactionNumber', message: 'must be at most 9999' },
    ]);
  });
});

describe('endpoint-specific limits', () => {
  it('StatusList needs TransactionFromIndex <= TransactionToIndex, both 1-5000', () => {
    expect(issuesFor('StatusList', (body) => Object.assign(body, { TransactionFromIndex: 9, TransactionToIndex: 3 }))).toEqual([
      { path: 'TransactionToIndex', message: 'must be greater than or equal to TransactionFromIndex' },
    ]);
    expect(issuesFor('StatusList', (body) => (body.TransactionToIndex = 5001))).toEqual([
      { path: 'TransactionToIndex', message: 'must be at most 5000' },
    ]);
  });

  it('UserChoice limits Title to 250 characters and needs at least one option', () => {
    expect(issuesFor('UserChoice', (body) => (body.Title = 'T'.repeat(251)))).toEqual([
      { path: 'Title', message: 'must be at most 250 characters' },
    ]);
    expect(issuesFor('UserChoice', (body) => (body.ChoiceOptions = []))).toEqual([
      { path: 'ChoiceOptions', message: 'must contain at least 1 item' },
    ]);
  });

  it('UserInput Timeout and MaxLength are positive whole numbers', () => {
    expect(issuesFor('UserInput', (body) => (body.Timeout = 0))).toEqual([{ path: 'Timeout', message: 'must be at least 1' }]);
    expect(issuesFor('UserInput', (body) => (body.MaxLength = 2.5))).toEqual([{ path: 'MaxLength', message: 'must be a whole number' }]);
  });

  it('SelectInvoice accepts any invoice Type up to 50 characters', () => {
    const list = (type: string) => [{ Id: 'T1', Type: type }];
    expect(issuesFor('SelectInvoice', (body) => (body.InvoiceList = list('Split')))).toEqual([]);
    expect(issuesFor('SelectInvoice', (body) => (body.InvoiceList = list('')))).toEqual([
      { path: 'InvoiceList.0.Type', message: 'must not be empty' },
    ]);
  });

  it('CustomFields values are text, numbers, booleans or null', () => {
    expect(issuesFor('Void', (body) => (body.CustomFields = { Note: { nested: true } }))).toEqual([
      { path: 'CustomFields.Note', message: 'must be text, a number, true/false or null' },
    ]);
  });
});
