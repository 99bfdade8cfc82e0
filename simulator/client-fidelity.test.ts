// Client fidelity: the request bodies integrators sent to the live service, sent to the simulator in
// plain mode over real loopback HTTP, and its answers held to the live answers they got, field by
// field: presence, JSON type, casing and, where a text was recorded, its wording (issue 39;
// docs/PROTOCOL.md §3.1, §3.2, §3.4, §4.19, §6.3). A client tested here meets what production sends.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { endpoints, type EndpointName } from '@shared/spin';
import { startSimulator, type RunningSimulator } from './index';
import {
  DOCS_SAMPLE_SALE,
  FAKE_TERMINAL,
  LIVE_ABORT_REQUEST,
  LIVE_MALFORMED_NESTED,
  LIVE_PROMPT_CALLS,
  LIVE_SALE_ANSWER,
  LIVE_VOID_2201,
  NOT_IN_LIVE_SALE,
} from '../tests/support/live-records-fixtures';

let sim: RunningSimulator;
beforeEach(async () => {
  // Seed 2 gives a contactless Amex, the card of the recorded answer, so EMV data is there as it was live.
  sim = await startSimulator({ terminals: [FAKE_TERMINAL], seed: 2 });
});
afterEach(async () => sim.close());

/** POSTs a body exactly as given (credentials included by the caller); the body as sent back. */
async function send(name: EndpointName, body: object): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${sim.url}${endpoints[name].path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const credentials = { Tpn: FAKE_TERMINAL.tpn, Authkey: FAKE_TERMINAL.authkey };

/** Every path of a JSON value with its JSON type ("GeneralResponse.ResultCode" -> "string"); maps are not entered. */
function shapeOf(value: unknown, skip: readonly string[] = [], prefix = ''): Record<string, string> {
  const shape: Record<string, string> = {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return shape;
  for (const [key, inner] of Object.entries(value)) {
    const path = prefix + key;
    shape[path] = inner === null ? 'null' : Array.isArray(inner) ? 'array' : typeof inner;
    if (!skip.includes(path)) Object.assign(shape, shapeOf(inner, skip, `${path}.`));
  }
  return shape;
}

/** ExtendedDataByApplication is keyed by a name that differs per card: compared on its own. */
const KEYED_BY_APPLICATION = ['ExtendedDataByApplication'];

describe('a Sale as production answers it', () => {
  it("has the live answer's fields, types and casing, and nothing the live answer lacks", async () => {
    const answer = await send('Sale', { ...DOCS_SAMPLE_SALE, ...credentials, GetReceipt: 'No' });
    expect(answer.status).toBe(200);
    expect(shapeOf(answer.body, KEYED_BY_APPLICATION)).toEqual(shapeOf(LIVE_SALE_ANSWER, KEYED_BY_APPLICATION));
    for (const absent of NOT_IN_LIVE_SALE) expect(answer.body).not.toHaveProperty(absent);
    expect(answer.body.CardData).not.toHaveProperty('CardBrand');
  });

  it('words the approval as production does: the host text URL-encoded with its trailing space, DetailedMessage padded', async () => {
    const answer = await send('Sale', { ...DOCS_SAMPLE_SALE, ...credentials });
    const gr = answer.body.GeneralResponse as Record<string, string>;
    const auth = answer.body.AuthCode as string;
    const recorded = LIVE_SALE_ANSWER.GeneralResponse;
    const recordedAuth = LIVE_SALE_ANSWER.AuthCode;
    expect(gr.HostResponseMessage).toBe(recorded.HostResponseMessage.replace(recordedAuth, auth));
    expect(gr.DetailedMessage).toBe(recorded.DetailedMessage.replace(recordedAuth, auth));
    expect([gr.ResultCode, gr.StatusCode, gr.Message, gr.HostResponseCode]).toEqual([
      recorded.ResultCode,
      recorded.StatusCode,
      recorded.Message,
      recorded.HostResponseCode,
    ]);
  });

  it('keys the extended data by the EMV application name the same answer reports', async () => {
    const answer = await send('Sale', { ...DOCS_SAMPLE_SALE, ...credentials });
    const application = (answer.body.EMVData as { ApplicationName: string }).ApplicationName;
    expect(application).not.toBe('');
    expect(Object.keys(answer.body.ExtendedDataByApplication as object)).toEqual([application]);
    const [recordedKey] = Object.keys(LIVE_SALE_ANSWER.ExtendedDataByApplication);
    expect(recordedKey).toBe(LIVE_SALE_ANSWER.EMVData.ApplicationName);
  });
});

describe('requests integrators sent live, which the live service took', () => {
  it('takes an AbortTransaction that carries MerchantNumber and SPInProxyTimeout: HTTP 200 and a GeneralResponse', async () => {
    const answer = await send('AbortTransaction', LIVE_ABORT_REQUEST);
    expect(answer.status).toBe(200);
    // Nothing runs on the terminal, so the catalogue's "no processing request now" (2301), not a 2201.
    expect(answer.body.GeneralResponse).toMatchObject({ ResultCode: '2', StatusCode: '2301' });
  });

  it.each(LIVE_PROMPT_CALLS)('answers $endpoint with MerchantNumber and SPInProxyTimeout with "$message"', async (call) => {
    const answer = await send(call.endpoint, { ...credentials, MerchantNumber: 1, SPInProxyTimeout: 30, ...call.body });
    expect(answer.status).toBe(200);
    expect(answer.body.GeneralResponse).toMatchObject({ ResultCode: '0', StatusCode: '0000', Message: call.message });
  });
});

describe('refusals as production words them', () => {
  it('words a Void with only a ReferenceId as recorded: the missing Amount first, then the PaymentType list', async () => {
    const answer = await send('Void', { ...credentials, ...LIVE_VOID_2201.request });
    expect(answer.status).toBe(400);
    expect(answer.body.GeneralResponse).toMatchObject({ StatusCode: '2201', Message: 'Error', DetailedMessage: LIVE_VOID_2201.detailed });
  });

  it('answers a malformed nested object with HTTP 500 and no GeneralResponse, as ASP.NET did', async () => {
    const answer = await send('Sale', { ...credentials, ...LIVE_MALFORMED_NESTED.request });
    expect(answer.status).toBe(LIVE_MALFORMED_NESTED.status);
    expect(answer.body).toEqual(LIVE_MALFORMED_NESTED.body);
    expect(sim.control.getState(FAKE_TERMINAL.tpn).records).toEqual([]);
  });
});
