import { describe, expect, it } from 'vitest';
import { endpointNames } from '@shared/spin/endpoints';
import { requestExamples, responseExamples } from '../../../tests/support/spin-examples';
import type { DropCounts } from '../security/personal-data';
import { Redactor } from '../security/redactor';
import { withAllowedFields } from './allowed-fields';

// The allow-list is read from the SPIn schemas: every documented field of every endpoint's request
// and answer stays, and only what SPIn does not define goes, at any depth (a Daily report's rows
// are read by looseRows, whose transform hides its row schema from a plain walk).

const entry = (endpoint: string, request: unknown, response: unknown) => ({
  endpoint,
  request,
  response: JSON.stringify(response, null, 2),
});

describe('withAllowedFields', () => {
  it.each(endpointNames)('%s: the documented request and answer come back as they are', (name) => {
    const drops: DropCounts = {};
    // As the request log keeps them: through the Redactor first (a Signature field is already a placeholder).
    const redactor = new Redactor();
    const original = entry(name, redactor.value(requestExamples[name]), redactor.value(responseExamples[name]));
    expect(withAllowedFields(original, drops)).toBe(original);
    expect(drops).toEqual({});
  });

  it('drops an unknown field inside a Daily row, a GeneralResponse and CardData, keeping the names and the rest', () => {
    const drops: DropCounts = {};
    const answer = {
      GeneralResponse: { ResultCode: '0', StatusCode: '0000', Message: 'Ok', Operator: 'FAKE OPERATOR' },
      DailyDetails: [
        {
          Application: 'Visa',
          TotalAmount: 12.5,
          TransactionsDailyReports: [{ Number: '1', ReferenceId: 'R1', Amount: 12.5, Last4: '0119', HolderEmail: 'fake@example.invalid' }],
        },
      ],
    };
    const kept = withAllowedFields(entry('Daily', {}, answer), drops);
    expect(JSON.parse(kept.response)).toEqual({
      GeneralResponse: { ResultCode: '0', StatusCode: '0000', Message: 'Ok', Operator: '[dropped: not a SPIn field]' },
      DailyDetails: [
        {
          Application: 'Visa',
          TotalAmount: 12.5,
          TransactionsDailyReports: [
            { Number: '1', ReferenceId: 'R1', Amount: 12.5, Last4: '0119', HolderEmail: '[dropped: not a SPIn field]' },
          ],
        },
      ],
    });
    expect(drops).toEqual({ 'not a SPIn field': 2 });
  });

  it('an answer cut at the log limit (no longer JSON) loses unknown values by their quoted names, and texts are masked by shape', () => {
    const drops: DropCounts = {};
    const cut = '{\n  "ReferenceId": "R9",\n  "VaultToken": "vault_FAKE0001",\n  "Receipts": { "Customer": "EXP 12/29 CARDHOLDER: ZED FAKE';
    const kept = withAllowedFields({ endpoint: 'Sale', request: {}, response: `${cut}\n… [cut]` }, drops);
    expect(kept.response).toContain('"ReferenceId": "R9"');
    expect(kept.response).toContain('"VaultToken": "[dropped: not a SPIn field]"');
    expect(kept.response).not.toMatch(/vault_FAKE|12\/29|ZED FAKE/);
    expect(drops).toEqual({ 'not a SPIn field': 1, 'expiry in text': 1, 'name in text': 1 });
  });

  it('a signature and a token in free text are masked, ordinary codes and references are not', () => {
    const drops: DropCounts = {};
    const text =
      'Signed iVBORw0KGgoAAAAFAKE== token: tok_FAKE42 ref POS7731A0042 AID A0000000031010 TOTAL 42.50 N/A MERCHANT NAME: FAKE DINER';
    const kept = withAllowedFields(
      { endpoint: 'Sale', request: {}, response: JSON.stringify({ GeneralResponse: { Message: text } }) },
      drops,
    );
    expect(JSON.parse(kept.response).GeneralResponse.Message).toBe(
      'Signed [signature removed] token: [card token removed] ref POS7731A0042 AID A0000000031010 TOTAL 42.50 N/A MERCHANT NAME: FAKE DINER',
    );
    expect(drops).toEqual({ 'signature in text': 1, 'token in text': 1 });
  });
});
