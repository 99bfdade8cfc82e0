import { describe, expect, it } from 'vitest';
import { endpointRoutes } from './endpoint-table';
import { endpointForPath, endpointNames, endpoints, queryOf, queryRedacted } from './endpoints';

describe('endpoints registry', () => {
  it('is the schema-free table the renderer reads, each name with its request and response schema added', () => {
    expect(Object.keys(endpoints)).toEqual(Object.keys(endpointRoutes));
    for (const name of endpointNames) {
      const { request, response, ...route } = endpoints[name];
      expect(route).toEqual(endpointRoutes[name]);
      expect(typeof request.safeParse).toBe('function');
      expect(typeof response.safeParse).toBe('function');
    }
  });

  it('lists the 25 endpoints with /v2 paths under the documented prefixes', () => {
    expect(endpointNames).toHaveLength(25);
    for (const name of endpointNames) {
      expect(endpoints[name].path).toMatch(/^\/v2\/(Payment|L3Data|Report|TableApp|Common)\/[A-Za-z0-9]+$/);
      expect(endpoints[name].path.endsWith(`/${name}`)).toBe(true);
    }
  });

  it('marks the two endpoints only the simulator serves', () => {
    const served = endpointNames.filter((name) => (endpoints[name] as { simulatorOnly?: boolean }).simulatorOnly);
    expect(served).toEqual(['Disclaimer', 'GetSignature']);
  });

  it('marks the money-moving endpoints', () => {
    const moving = endpointNames.filter((name) => endpoints[name].movesMoney);
    expect(moving.sort()).toEqual(['Auth', 'Capture', 'Return', 'Sale', 'Settle', 'TipAdjust', 'Void']);
  });

  it('gives Settle 420 s, the two the proxy answers itself 10 s, and everything else 120 s', () => {
    const proxyOnly = new Set(['AbortTransaction', 'TerminalStatus']);
    for (const name of endpointNames) {
      expect(endpoints[name].defaultProxyTimeout).toBe(name === 'Settle' ? 420 : proxyOnly.has(name) ? 10 : 120);
    }
  });

  it('sends every endpoint as a POST but TerminalStatus, a GET with its fields in the query', () => {
    expect(endpointNames.filter((name) => endpoints[name].method === 'GET')).toEqual(['TerminalStatus']);
    expect(queryOf('TerminalStatus', { Tpn: 'Z8SIM0000001', RegisterId: 'R1', Authkey: 'FAKEKEY001' })).toBe(
      '?request.tpn=Z8SIM0000001&request.registerId=R1&request.authkey=FAKEKEY001',
    );
    expect(queryOf('TerminalStatus', { Tpn: 'Z8SIM0000001', Authkey: 'FAKEKEY001' })).toBe(
      '?request.tpn=Z8SIM0000001&request.authkey=FAKEKEY001',
    );
    expect(queryOf('Sale', { Tpn: 'Z8SIM0000001' })).toBe('');
  });
});

describe('queryRedacted', () => {
  it.each([
    [
      'https://x.test/v2/Common/TerminalStatus?request.tpn=T1&request.authkey=FAKEKEY001',
      'https://x.test/v2/Common/TerminalStatus?request.tpn=T1&request.authkey=<AUTH_KEY>',
    ],
    ['https://x.test/a?request.authkey=FAKEKEY001&request.tpn=T1', 'https://x.test/a?request.authkey=<AUTH_KEY>&request.tpn=T1'],
    ['https://x.test/a?Authkey=K&x=1#f', 'https://x.test/a?Authkey=<AUTH_KEY>&x=1#f'],
    ['https://x.test/v2/Payment/Sale', 'https://x.test/v2/Payment/Sale'],
    ["curl -sS 'https://x.test/a?request.authkey=FAKEKEY001' -v", "curl -sS 'https://x.test/a?request.authkey=<AUTH_KEY>' -v"],
    ['failed at https://x.test/a?request.authkey=FAKEKEY001 today', 'failed at https://x.test/a?request.authkey=<AUTH_KEY> today'],
  ])('%s', (url, expected) => {
    expect(queryRedacted(url)).toBe(expected);
  });
});

describe('endpointForPath', () => {
  it.each([
    ['/v2/Payment/Sale', 'Sale'],
    ['/v2/payment/sale', 'Sale'],
    ['/V2/PAYMENT/SALE/', 'Sale'],
    ['v2/Payment/GetCard', 'GetCard'],
    ['/spin/v2/Report/Daily', 'Daily'],
    ['/v2/TableApp/SelectInvoice?x=1', 'SelectInvoice'],
    ['/v2/L3Data/RemoveLevel3Item//', 'RemoveLevel3Item'],
    ['/v2/Common/TerminalStatus?request.tpn=T', 'TerminalStatus'],
    ['/spin/v2/Payment/AbortTransaction', 'AbortTransaction'],
  ])('%s -> %s', (path, name) => {
    expect(endpointForPath(path)).toBe(name);
  });

  it.each(['/v2/Payment/Disclaimer', '/v2/Common/Sale', '/v1/Payment/Sale', '', '/'])('%j -> undefined', (path) => {
    expect(endpointForPath(path)).toBeUndefined();
  });

  it('maps every registered path back to its name', () => {
    for (const name of endpointNames) expect(endpointForPath(endpoints[name].path)).toBe(name);
  });
});
