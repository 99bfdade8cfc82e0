import { afterEach, describe, expect, it } from 'vitest';
import type { MoneyOperation, NewIntent } from '../journal/records';
import { MemoryJournal } from '../journal/sqlite-journal';
import { capturedAuths } from './captured-auths';

const TPN = 'CAPTTPN00001';
let journal: MemoryJournal;
afterEach(async () => journal.close());

async function approved(op: MoneyOperation, ref: string, extra: Partial<NewIntent> = {}, authCode?: string): Promise<void> {
  const entry = await journal.recordIntent({
    op,
    ref,
    tpn: TPN,
    profileId: 'p1',
    amountCents: 6999,
    tipCents: 0,
    deadlineMs: Date.now(),
    ...extra,
  });
  await journal.recordOutcome(entry.intent.id, {
    result: 'approved',
    statusCode: '0000',
    message: 'Approved',
    ...(authCode ? { authCode } : {}),
  });
}

describe('capturedAuths', () => {
  it('links an Auth to the Capture that names its AuthCode, and forgets it once the Capture is voided', async () => {
    journal = new MemoryJournal();
    await approved('Auth', 'HOLD1', {}, 'AC0001');
    await approved('Auth', 'HOLD2', {}, 'AC0002');
    await approved('Capture', 'CAP1', { captures: 'AC0001' }, 'AC0101');
    await approved('Capture', 'CAP2', { captures: 'AC0002' }, 'AC0102');
    await approved('Void', 'CAP2');
    const found = await capturedAuths(journal, TPN);
    expect([...found.keys()]).toEqual(['AC0001']);
    expect(found.get('AC0001')).toMatchObject({ captureRef: 'CAP1', authRef: 'HOLD1' });
  });

  it('reads only the open batch: a capture before the last Settle no longer counts', async () => {
    journal = new MemoryJournal();
    await approved('Auth', 'HOLD1', {}, 'AC0001');
    await approved('Capture', 'CAP1', { captures: 'AC0001' }, 'AC0101');
    await approved('Settle', 'SETTLE1', { amountCents: 0 });
    expect((await capturedAuths(journal, TPN)).size).toBe(0);
  });
});
