import { describe, expect, it } from 'vitest';
import { ReportLane } from './report-lane';

const A = { baseUrl: 'http://127.0.0.1:9000', tpn: 'LANETPN00001' };

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('ReportLane', () => {
  it('runs a report only after the Settle before it on the same terminal ended, even a failed one', async () => {
    const lane = new ReportLane();
    const order: string[] = [];
    const settle = gate();
    const settling = lane.run(A, async () => {
      order.push('settle sent');
      await settle.opened;
      order.push('settle answered');
      throw new Error('lost answer');
    });
    // The same terminal spelled another way waits too.
    const daily = lane.run({ baseUrl: 'http://localhost:9000/', tpn: A.tpn }, async () => void order.push('daily sent'));
    await Promise.resolve();
    expect(order).toEqual(['settle sent']);
    settle.open();
    await expect(settling).rejects.toThrow('lost answer');
    await daily;
    expect(order).toEqual(['settle sent', 'settle answered', 'daily sent']);
  });

  it('lets another terminal read at once', async () => {
    const lane = new ReportLane();
    const held = gate();
    const first = lane.run(A, () => held.opened);
    await expect(lane.run({ ...A, tpn: 'LANETPN00002' }, async () => 'other')).resolves.toBe('other');
    held.open();
    await first;
  });
});
