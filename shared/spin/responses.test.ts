import { describe, expect, it } from 'vitest';
import { endpointNames, endpoints, type EndpointName, type ResponseOf } from './endpoints';
import { responseExamples } from '../../tests/support/spin-examples';
import { GeneralResponse } from './general-response';

const generalOnly = {
  GeneralResponse: {
    ResultCode: '2',
    StatusCode: '2008',
    Message: 'Terminal in use',
    DetailedMessage: 'Terminal in use',
    DelayBeforeNextRequest: 35.0,
  },
};

/** Every answer but TerminalStatus's carries a GeneralResponse (docs/PROTOCOL.md §4.20). */
const withGeneralResponse = endpointNames.filter((name): name is Exclude<EndpointName, 'TerminalStatus'> => name !== 'TerminalStatus');

describe.each(withGeneralResponse)('%s response', (name) => {
  const schema = endpoints[name].response;

  it('parses a representative success', () => {
    const result = schema.safeParse(responseExamples[name]);
    expect(result.error).toBeUndefined();
    expect((result.data as ResponseOf<typeof name>).GeneralResponse).toMatchObject({ ResultCode: '0', StatusCode: '0000' });
  });

  it('parses the GeneralResponse-only shape', () => {
    const result = schema.safeParse(generalOnly);
    expect(result.error).toBeUndefined();
    expect((result.data as ResponseOf<typeof name>).GeneralResponse).toMatchObject({
      ResultCode: '2',
      StatusCode: '2008',
      DelayBeforeNextRequest: 35,
    });
  });

  it('keeps unknown fields at every level', () => {
    const body = { ...responseExamples[name], NewField: { a: 1 }, GeneralResponse: { ResultCode: '0', StatusCode: '0000', Extra: 'x' } };
    const data = schema.parse(body) as Record<string, unknown> & { GeneralResponse: Record<string, unknown> };
    expect(data.NewField).toEqual({ a: 1 });
    expect(data.GeneralResponse.Extra).toBe('x');
  });

  it('requires a GeneralResponse', () => {
    const result = schema.safeParse({ ReferenceId: 'X' });
    expect(result.error?.issues[0]).toMatchObject({ path: ['GeneralResponse'], message: 'is required' });
  });
});

describe('TerminalStatus response', () => {
  const schema = endpoints.TerminalStatus.response;

  it.each(['Online', 'Offline', 'NotFound'])('reads %s without a GeneralResponse', (status) => {
    expect(schema.parse({ TerminalStatus: status, Tpn: 'Z8SIM0000001', ErrorDescription: '' })).toMatchObject({ TerminalStatus: status });
  });

  it('reads a refusal that carries a GeneralResponse instead', () => {
    const data = schema.parse({ GeneralResponse: { ResultCode: '2', StatusCode: '2002', Message: 'Active authKey not found' } });
    expect(data.GeneralResponse).toMatchObject({ ResultCode: '2', StatusCode: '2002' });
  });

  it('refuses an answer with neither', () => {
    expect(schema.safeParse({ Tpn: 'Z8SIM0000001' }).error?.issues[0]).toMatchObject({ path: ['TerminalStatus'] });
  });
});

describe('GeneralResponse normalisation', () => {
  it.each([
    ['0', '0'],
    [0, '0'],
    ['Ok', '0'],
    ['OK', '0'],
    ['1', '1'],
    [1, '1'],
    ['TerminalError', '1'],
    ['2', '2'],
    [2, '2'],
    ['ApiError', '2'],
    ['7', '7'],
  ])('ResultCode %j -> %j', (input, expected) => {
    expect(GeneralResponse.parse({ ResultCode: input, StatusCode: '0000' }).ResultCode).toBe(expected);
  });

  it.each([
    [0, '0000'],
    [1, '0001'],
    [1011, '1011'],
    ['2007', '2007'],
    [' 2008 ', '2008'],
  ])('StatusCode %j -> %j', (input, expected) => {
    expect(GeneralResponse.parse({ ResultCode: 0, StatusCode: input }).StatusCode).toBe(expected);
  });

  it.each([
    [35, 35],
    ['35', 35],
    ['12.5', 12.5],
    ['35 sec', 35],
    ['', null],
    [null, null],
    ['soon', null],
  ])('DelayBeforeNextRequest %j -> %j', (input, expected) => {
    expect(GeneralResponse.parse({ ResultCode: '2', StatusCode: '2008', DelayBeforeNextRequest: input }).DelayBeforeNextRequest).toBe(
      expected,
    );
  });

  it('derives ResultCode from StatusCode when only the latter is sent', () => {
    expect(GeneralResponse.parse({ StatusCode: '2201' })).toMatchObject({ ResultCode: '2', StatusCode: '2201' });
  });

  it('gives StatusCode as empty text when only ResultCode is sent', () => {
    expect(GeneralResponse.parse({ ResultCode: 'Ok' })).toMatchObject({ ResultCode: '0', StatusCode: '' });
  });

  it('refuses a GeneralResponse with neither code', () => {
    const result = GeneralResponse.safeParse({ Message: 'hello' });
    expect(result.error?.issues[0]).toMatchObject({ path: ['ResultCode'], message: 'is required (or a StatusCode to derive it from)' });
  });

  it('lifts top-level ResultCode/StatusCode into GeneralResponse', () => {
    const data = endpoints.Sale.response.parse({ ResultCode: 1, StatusCode: 1015, Message: 'Declined', ReferenceId: 'A1' });
    expect(data.GeneralResponse).toMatchObject({ ResultCode: '1', StatusCode: '1015', Message: 'Declined' });
    expect(data.ReferenceId).toBe('A1');
  });
});

describe('tolerant data fields', () => {
  it('coerces numeric text to numbers and numbers to text where the field says so', () => {
    const data = endpoints.Sale.response.parse({
      GeneralResponse: { ResultCode: '0', StatusCode: '0000' },
      Amounts: { TotalAmount: '43.77', Amount: 42.5, TipAmount: '', FeeAmount: null },
      TransactionNumber: 12,
      BatchNumber: 57,
      MerchantNumber: '2',
      Voided: 'false',
    });
    expect(data.Amounts).toEqual({ TotalAmount: 43.77, Amount: 42.5, TipAmount: null, FeeAmount: null });
    expect(data).toMatchObject({ TransactionNumber: '12', BatchNumber: '57', MerchantNumber: 2, Voided: false });
  });

  it('still refuses data no reading can make sense of, naming the field', () => {
    const result = endpoints.Sale.response.safeParse({ GeneralResponse: { ResultCode: '0' }, Amounts: { TotalAmount: 'lots' } });
    expect(result.error?.issues[0]).toMatchObject({ path: ['Amounts', 'TotalAmount'], message: 'must be a number' });
  });

  it('reads the duplicate-reference and declined samples of docs/PROTOCOL.md §6.1', () => {
    const declined = {
      GeneralResponse: {
        HostResponseCode: '05',
        HostResponseMessage: 'DO NOT HONOR',
        ResultCode: '1',
        StatusCode: '1015',
        Message: 'Declined',
        DetailedMessage: 'DO NOT HONOR',
      },
      PaymentType: 'Credit',
      Amounts: { TotalAmount: null, Amount: null, TipAmount: null, FeeAmount: null, TaxAmount: null },
      Voided: false,
    };
    expect(endpoints.Sale.response.parse(declined).GeneralResponse.HostResponseCode).toBe('05');
  });

  it('keeps StatusList records, each with or without its own GeneralResponse', () => {
    const data = endpoints.StatusList.response.parse({
      GeneralResponse: { ResultCode: '0', StatusCode: '0000' },
      Transactions: [
        { ReferenceId: 'A', TransactionNumber: 1 },
        { GeneralResponse: { ResultCode: 0, StatusCode: 0 }, ReferenceId: 'B' },
      ],
    });
    expect(data.Transactions?.map((t) => [t.ReferenceId, t.TransactionNumber, t.GeneralResponse?.StatusCode])).toEqual([
      ['A', '1', undefined],
      ['B', undefined, '0000'],
    ]);
  });
});
