import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { endpointNames, type EndpointName } from '@shared/spin/endpoints';
import { requestExamples, responseExamples } from '../support/spin-examples';
import { createSpinClient } from '../../electron/services/spin/spin-client';
import { SpinError } from '../../electron/services/spin/spin-error';
import { tierCount } from '../support/tier';

// 10,000 random or garbage answers to the SPIn client: each call must end in a parsed success or
// a SpinError with a stable code; no other exception, no hang.
const CODES = new Set(['NETWORK', 'TIMEOUT', 'HTTP_STATUS', 'REDIRECT', 'ABORTED', 'BAD_RESPONSE', 'TERMINAL', 'PROXY', 'BAD_INPUT']);

/** Mutates a real response: random values at random places, so the tolerant schemas are probed. */
function mutated(name: EndpointName) {
  return fc
    .tuple(fc.array(fc.tuple(fc.string({ maxLength: 20 }), fc.anything({ maxDepth: 2 })), { maxLength: 4 }), fc.boolean())
    .map(([edits, dropGeneral]) => {
      const body = structuredClone(responseExamples[name]) as Record<string, unknown>;
      for (const [key, value] of edits) body[key] = value;
      if (dropGeneral) delete body.GeneralResponse;
      return JSON.stringify(body);
    });
}

const body = (name: EndpointName) =>
  fc.oneof(
    mutated(name),
    fc.json(),
    fc.string(),
    fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
    fc.constantFrom(
      '',
      'null',
      '[]',
      '{"GeneralResponse":null}',
      '{"GeneralResponse":{"ResultCode":"9"}}',
      '{"ResultCode":1,"StatusCode":1015}',
    ),
  );

const answer = fc.constantFrom(...endpointNames).chain((name) =>
  fc.record({
    name: fc.constant(name),
    status: fc.constantFrom(200, 200, 200, 201, 204, 301, 400, 404, 500, 503),
    text: body(name),
  }),
);

/** 10,000 in the soak tier; `npm test` runs the first 1,000 of the same seed. */
const RUNS = tierCount({ fast: 1_000, soak: 10_000 });

describe('SPIn client under garbage responses', () => {
  it(`turns ${RUNS} random answers into results or typed SpinErrors only`, async () => {
    await fc.assert(
      fc.asyncProperty(answer, async ({ name, status, text }) => {
        const fakeFetch: typeof fetch = async () =>
          new Response(status === 204 ? null : text, { status, headers: { 'content-type': 'application/json' } });
        const client = createSpinClient({ baseUrl: 'http://127.0.0.1:9', tpn: 'FUZZTPN001', authkey: 'FAKEKEY001' }, { fetch: fakeFetch });
        const { Tpn: _t, Authkey: _a, ...request } = requestExamples[name] as Record<string, unknown>;
        try {
          const result = (await client.call(name, request as never)) as {
            GeneralResponse?: { ResultCode: string };
            TerminalStatus?: string;
          };
          // TerminalStatus alone answers without a GeneralResponse; then its own field must be there.
          if (name === 'TerminalStatus' && result.GeneralResponse === undefined) expect(result.TerminalStatus).toBeTypeOf('string');
          else expect(result.GeneralResponse?.ResultCode).toBe('0');
        } catch (error) {
          if (!(error instanceof SpinError)) throw error;
          expect(CODES.has(error.code)).toBe(true);
        }
      }),
      // A fixed seed: the same answers on every run, so a failure can be replayed.
      { numRuns: RUNS, seed: 2_124_640_916 },
    );
  }, 120_000);
});
