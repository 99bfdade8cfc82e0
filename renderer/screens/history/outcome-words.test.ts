import { describe, expect, it } from 'vitest';
import { journalEntry } from './history-fixtures';
import { lostBecause, outcomeWords } from './outcome-words';

const recovered = (reason: string) => ({ ...journalEntry('a').outcome!, recovery: { how: 'status-lookup' as const, reason } });

describe('outcome wording', () => {
  it('says an approval in the operation’s own words', () => {
    expect(outcomeWords(journalEntry('a'))).toEqual({ label: 'Approved', tone: 'ok' });
    expect(outcomeWords(journalEntry('a', { operation: 'Return' })).label).toBe('Refunded');
    expect(outcomeWords(journalEntry('a', { operation: 'Void' })).label).toBe('Voided');
  });

  it('says how a lost answer was recovered', () => {
    const entry = journalEntry('a', { outcome: recovered('the connection dropped before the answer arrived (UND_ERR_SOCKET)') });
    expect(outcomeWords(entry).label).toBe('Approved — recovered after the connection dropped');
    expect(lostBecause('no answer arrived in time')).toBe('no answer came in time');
    expect(lostBecause('the terminal did not answer in time (2007)')).toBe('no answer came in time');
    expect(lostBecause('the app stopped before the answer was recorded')).toBe('the app stopped');
    expect(lostBecause('the service answered HTTP 502')).toBe('the answer was lost');
  });

  it('says plainly when no money moved', () => {
    expect(outcomeWords(journalEntry('a', { state: 'not-processed' }))).toEqual({
      label: 'Not completed — no money moved',
      tone: 'danger',
    });
    expect(outcomeWords(journalEntry('a', { state: 'declined' })).label).toBe('Declined — no money moved');
    expect(outcomeWords(journalEntry('a', { state: 'canceled' }))).toEqual({
      label: 'Canceled on the terminal — no money moved',
      tone: 'danger',
    });
    expect(outcomeWords(journalEntry('a', { state: 'refused' })).label).toBe('Refused — not processed, no money moved');
  });

  it('never says "no money moved" when the batch was settled before the lookup could tell', () => {
    const words = outcomeWords(journalEntry('a', { state: 'settled-unknown' }));
    expect(words).toEqual({ label: 'Charged or not — the batch was settled before the lookup: check the settled batch', tone: 'warn' });
  });

  it('shows how much of a partial approval went through', () => {
    const entry = journalEntry('a', {
      state: 'partial',
      amountCents: 5000,
      tipCents: 200,
      outcome: { ...journalEntry('a').outcome!, approvedCents: 4200 },
    });
    expect(outcomeWords(entry)).toEqual({ label: 'Partly approved — $42.00 of $52.00', tone: 'warn' });
  });

  it('tells a lookup in progress from one nobody is running', () => {
    const pending = journalEntry('a', { state: 'pending', outcome: undefined, unknownReason: 'no answer arrived in time' });
    expect(outcomeWords({ ...pending, live: { phase: 'looking-up', attempt: 1, detail: '' } })).toEqual({
      label: 'Outcome unknown — looking it up',
      tone: 'warn',
    });
    expect(outcomeWords({ ...pending, live: { phase: 'retry-wait', attempt: 2, detail: '', until: '2026-01-31T10:00:09Z' } }).label).toBe(
      'Outcome unknown — looking it up',
    );
    expect(outcomeWords(pending).label).toBe('Outcome unknown — not being looked up');
    // Left by the last run of the browser version, whose Authkeys are gone: the row says what it waits for.
    expect(outcomeWords({ ...pending, blocked: { reason: 'no-authkey', terminalName: 'Back counter' } }).label).toBe(
      'Outcome unknown — waiting for the Authkey',
    );
    expect(outcomeWords({ ...pending, live: { phase: 'sending', attempt: 0, detail: '' } }).label).toBe(
      'In progress — waiting for the terminal',
    );
    expect(outcomeWords({ ...pending, live: { phase: 'busy-wait', attempt: 1, detail: '' } }).label).toMatch(
      /^Waiting — the terminal is busy/,
    );
  });
});

describe('an approval whose charge differs from what was meant', () => {
  const check = (fields: Partial<NonNullable<NonNullable<ReturnType<typeof journalEntry>['outcome']>['chargeCheck']>>) => ({
    state: 'differs' as const,
    meantCents: 2000,
    meantTipCents: 500,
    chargedCents: 2500,
    chargedTipCents: 500,
    totalCents: 2500,
    ...fields,
  });

  it('is never a plain green approval: the difference is in the label, red for the amount, amber for the tip', () => {
    const charged = journalEntry('a', { outcome: { ...journalEntry('a').outcome!, chargeCheck: check({}) } });
    expect(outcomeWords(charged)).toEqual({ label: 'Approved — the terminal charged $25.00, not $20.00', tone: 'danger' });
    const tip = journalEntry('a', {
      operation: 'Capture',
      outcome: { ...journalEntry('a').outcome!, chargeCheck: check({ chargedCents: 2000, chargedTipCents: 0 }) },
    });
    expect(outcomeWords(tip)).toEqual({ label: 'Captured — the terminal recorded a tip of $0.00, not $5.00', tone: 'warn' });
  });
});

describe('an approval whose figures do not add up (issue 38)', () => {
  it('is never a plain green approval: the label names the field, in red', () => {
    const problem = "The terminal's figures do not add up: FeeAmount $50.00 is more than Amount $10.00";
    const flagged = journalEntry('a', { outcome: { ...journalEntry('a').outcome!, figuresProblem: problem } });
    expect(outcomeWords(flagged)).toEqual({
      label: "Approved — the terminal's figures do not add up: FeeAmount $50.00 is more than Amount $10.00",
      tone: 'danger',
    });
  });
});
