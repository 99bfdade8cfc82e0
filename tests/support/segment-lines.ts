import type { IntentLine, OutcomeLine } from '../../electron/services/journal/records';

// Lines of an old segment journal (electron/services/journal/segment-import.ts) for the import's tests.

/** Payment n's intent: a Sale of n dollars with reference BIG000n, a fixed id per n. */
export function segmentIntent(n: number): IntentLine {
  return {
    t: 'intent',
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    at: `2026-11-20T10:00:${String(n).padStart(2, '0')}Z`,
    op: 'Sale',
    ref: `BIG${String(n).padStart(4, '0')}`,
    tpn: 'Z9FAKE0001',
    profileId: 'fake-profile',
    amountCents: 100 * n,
    tipCents: 0,
    deadlineAt: '2026-11-20T10:05:00Z',
  };
}

export function segmentOutcome(of: IntentLine, result: OutcomeLine['result'], at: string): OutcomeLine {
  return { t: 'outcome', id: of.id, at, result, statusCode: result === 'approved' ? '0000' : '', message: result };
}
