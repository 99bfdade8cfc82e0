// Property-name case (issue 39 item 9; docs/PROTOCOL.md §2.1). A public client posts `AuthKey`; the
// live service's error bodies are ASP.NET's, whose JSON binding ignores case by default. That is
// inferred, not recorded, so the simulator refuses other casings by default and takes them only
// under `propertyNames: 'any-case'` (CLI `--property-names any-case`).
import { afterEach, describe, expect, it } from 'vitest';
import { CliUsageError, parseCliArgs } from './cli-args';
import { startSimulator, type RunningSimulator } from './index';
import { TEST_TERMINAL, codes } from '../tests/support/simulator-kit';

let sim: RunningSimulator | undefined;
afterEach(async () => sim?.close());

/** A Sale written with other casings, as a C# client with its own property names sends it. */
const otherCase = {
  tpn: TEST_TERMINAL.tpn,
  AuthKey: TEST_TERMINAL.authkey,
  paymentType: 'Credit',
  referenceId: 'CASE1',
  AMOUNT: 4.25,
  getExtendedData: true,
};

async function postSale(body: object) {
  const res = await fetch(`${sim?.url}/v2/Payment/Sale`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { GeneralResponse: Record<string, unknown> } };
}

describe('property names in another case', () => {
  it('are refused by default (400 / 2201 naming the field the documents spell Authkey)', async () => {
    sim = await startSimulator({ terminals: [TEST_TERMINAL], seed: 5 });
    const answer = await postSale(otherCase);
    expect([answer.status, codes(answer.body)]).toEqual([400, '2/2201']);
    expect(answer.body.GeneralResponse.DetailedMessage).toMatch(/The Authkey field is required\./);
  });

  it("are read as the documented names under 'any-case': the Sale is approved for the amount sent", async () => {
    sim = await startSimulator({ terminals: [TEST_TERMINAL], seed: 5, propertyNames: 'any-case' });
    const answer = await postSale(otherCase);
    expect([answer.status, codes(answer.body)]).toEqual([200, '0/0000']);
    expect(answer.body).toMatchObject({ ReferenceId: 'CASE1', PaymentType: 'Credit', Amounts: { Amount: 4.25 } });
    expect(answer.body).toHaveProperty('ExtendedDataByApplication');
  });

  it("still refuses under 'any-case' a name no casing of a documented one matches", async () => {
    sim = await startSimulator({ terminals: [TEST_TERMINAL], seed: 5, propertyNames: 'any-case' });
    const answer = await postSale({ ...otherCase, GetToken: true });
    expect([answer.status, codes(answer.body)]).toEqual([400, '2/2201']);
    expect(answer.body.GeneralResponse.DetailedMessage).toMatch(/GetToken/);
  });

  it('is a CLI flag: --property-names any-case; anything else is refused naming the flag', () => {
    expect(parseCliArgs(['--property-names', 'any-case']).propertyNames).toBe('any-case');
    expect(parseCliArgs([]).propertyNames).toBeUndefined();
    expect(() => parseCliArgs(['--property-names=loose'])).toThrow(
      new CliUsageError('--property-names must be exact or any-case (got "loose")'),
    );
  });
});
