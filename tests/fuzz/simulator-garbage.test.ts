import fc from 'fast-check';
import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, endpointNames } from '@shared/spin/endpoints';
import { startSimulator, type RunningSimulator } from '../../simulator';
import { tierCount } from '../support/tier';

// Garbage bodies to every SPIn path of the simulator: 10,000 of them must each get a 400 (or a
// 413 when too large), never a crash, and leave the terminal's state exactly as it was.
const TPN = 'FUZZTERM01';
const KEY = 'FAKEKEY001';
const agent = new Agent({ keepAlive: true, maxSockets: 4 });

function post(sim: RunningSimulator, path: string, body: Buffer): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${sim.url}${path}`, { method: 'POST', agent, headers: { 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Bytes that are never a valid request: random bytes, random JSON, or a real request with a broken field. */
const garbage = fc.oneof(
  fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
  fc
    .json()
    .filter((text) => !text.startsWith('{'))
    .map((text) => Buffer.from(text)),
  fc
    .tuple(fc.string({ minLength: 1, maxLength: 12 }), fc.anything({ maxDepth: 2 }))
    .map(([key, value]) => Buffer.from(JSON.stringify({ Tpn: TPN, Authkey: KEY, [`x${key}`]: value, Amount: 'NaN' }))),
);

/** Bodies go to the POST endpoints; TerminalStatus is a GET and answers a body-carrying POST 405. */
const posted = endpointNames.filter((name) => endpoints[name].method === 'POST');

/** 10,000 in the soak tier; `npm test` runs the first 1,000 of the same seed. */
const RUNS = tierCount({ fast: 1_000, soak: 10_000 });

describe('simulator under garbage bodies', () => {
  let sim: RunningSimulator;
  beforeAll(async () => {
    sim = await startSimulator({ port: 0, terminals: [{ tpn: TPN, authkey: KEY }], seed: 3 });
  });
  afterAll(async () => {
    agent.destroy();
    await sim.close();
  });

  it(`answers ${RUNS} garbage bodies with 400 and a GeneralResponse, and its state does not change`, async () => {
    const before = JSON.stringify(sim.control.getState(TPN));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...posted), garbage, async (name, body) => {
        const { status, text } = await post(sim, endpoints[name].path, body);
        expect(status).toBe(400);
        expect(JSON.parse(text)).toMatchObject({ GeneralResponse: { ResultCode: '2', StatusCode: '2201' } });
      }),
      // A fixed seed: the same runs every time, so a failure can be replayed and is never luck.
      { numRuns: RUNS, seed: 20_261_123 },
    );
    expect(JSON.stringify(sim.control.getState(TPN))).toBe(before);
    const health = await fetch(`${sim.url}/_sim/health`);
    expect(health.status).toBe(200);
  }, 180_000);
});
