import { describe, expect, it } from 'vitest';
import { endpointForPath, endpointNames, endpoints } from './endpoints';

describe('endpoints registry', () => {
  it('lists the 21 endpoints with /v2 paths under the documented prefixes', () => {
    expect(endpointNames).toHaveLength(21);
    for (const name of endpointNames) {
      expect(endpoints[name].path).toMatch(/^\/v2\/(Payment|L3Data|Report|TableApp|Common)\/[A-Za-z0-9]+$/);
      expect(endpoints[name].path.endsWith(`/${name}`)).toBe(true);
    }
  });

  it('marks the money-moving endpoints', () => {
    const moving = endpointNames.filter((name) => endpoints[name].movesMoney);
    expect(moving.sort()).toEqual(['Auth', 'Capture', 'Return', 'Sale', 'Settle', 'TipAdjust', 'Void']);
  });

  it('gives Settle 420 s and everything else 120 s', () => {
    for (const name of endpointNames) expect(endpoints[name].defaultProxyTimeout).toBe(name === 'Settle' ? 420 : 120);
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
