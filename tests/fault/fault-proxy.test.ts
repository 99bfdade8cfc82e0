// The fault proxy's own record of what passed it, which the Store benchmark (bench/store-scale.ts)
// counts TerminalStatus asks by: a GET's TPN is read from its query (request.tpn, any letter
// case, as the service reads it), and each request carries when it arrived.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../simulator';
import { startFaultProxy, type FaultProxy } from './fault-proxy';

const TPN = 'PROXYSEEN01';
const AUTHKEY = 'FAKEKEY042';
let sim: RunningSimulator;
let proxy: FaultProxy;

beforeAll(async () => {
  sim = await startSimulator({ host: '127.0.0.1', port: 0, terminals: [{ tpn: TPN, authkey: AUTHKEY }], processingDelayMs: 0 });
  proxy = await startFaultProxy(sim.url, () => null);
});
afterAll(async () => {
  await proxy?.close();
  await sim?.close();
});

describe('the fault proxy', () => {
  it("notes a TerminalStatus GET with the TPN of its query and the time it arrived, and passes the service's answer on", async () => {
    const before = performance.now();
    for (const name of ['request.tpn', 'Request.Tpn']) {
      const answer = await fetch(`${proxy.url}/v2/Common/TerminalStatus?${name}=${TPN}&request.authkey=${AUTHKEY}`);
      expect(await answer.json()).toMatchObject({ TerminalStatus: 'Online', Tpn: TPN });
    }
    expect(proxy.seen).toEqual([
      expect.objectContaining({ endpoint: 'TerminalStatus', tpn: TPN, fault: null }),
      expect.objectContaining({ endpoint: 'TerminalStatus', tpn: TPN, fault: null }),
    ]);
    for (const seen of proxy.seen) expect(seen.at).toBeGreaterThanOrEqual(before);
    expect(proxy.seen[1]!.at).toBeGreaterThanOrEqual(proxy.seen[0]!.at);
  });
});
