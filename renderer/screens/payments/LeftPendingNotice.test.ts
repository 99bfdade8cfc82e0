import { render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { inFlight } from '../../lib/in-flight.svelte';
import type { JournalEntryView } from '@shared/ipc/journal-views';
import { installFakeTransport } from '../../test-support/fake-transport';
import { profileView } from '../../test-support/fixtures';
import { journalEntry } from '../history/history-fixtures';
import LeftPendingNotice from './LeftPendingNotice.svelte';

const profile = profileView();
const unknown = (id: string, fields: Partial<JournalEntryView>) =>
  journalEntry(id, { state: 'pending', outcome: undefined, amountCents: 6660, ...fields });
/** A sale this PC is still sending to the terminal. */
const sending = unknown('now', { referenceId: 'SENDINGNOW', live: { phase: 'sending', attempt: 0, detail: '' } });
/** Renders the notice over journal:pending holding these entries, and finds it. */
async function noticeOver(entries: JournalEntryView[]): Promise<HTMLElement> {
  installFakeTransport({ 'journal:pending': () => ({ entries, total: entries.length, warnings: [], warningCount: 0, reconciling: true }) });
  render(LeftPendingNotice, { profile });
  return screen.findByRole('region', { name: 'A payment on this terminal is still being looked up' });
}

describe('the Sale screen’s notice of a payment still being looked up', () => {
  let ended: (() => void) | undefined;
  afterEach(() => {
    ended?.();
    ended = undefined;
  });

  it('names this terminal’s unknown payment, not another terminal’s, nor the one this screen is sending', async () => {
    // This page has the sale out on the terminal: its own screen follows it.
    ended = inFlight.begin('payments:sale', { profileId: profile.id });
    const notice = await noticeOver([
      unknown('left', { referenceId: 'LEFTOPEN01', blocked: { reason: 'no-authkey', terminalName: profile.name } }),
      unknown('other', { referenceId: 'OTHERTERM1', profileId: 'elsewhere' }),
      sending,
    ]);
    expect(notice.textContent).toMatch(/Sale \$66\.60\s*· reference\s*LEFTOPEN01/);
    expect(notice.textContent).toContain('It cannot be looked up until this terminal’s Authkey is entered');
    expect(notice.textContent).not.toMatch(/OTHERTERM1|SENDINGNOW/);
  });

  it('shows a sale still with the terminal where it stands when this page sent nothing (reloaded after its renderer crashed)', async () => {
    const notice = await noticeOver([sending]);
    expect(notice.textContent).toMatch(/Sale \$66\.60\s*· reference\s*SENDINGNOW/);
    expect(notice.textContent).toContain('It is still with the terminal: spin-desk waits for its answer');
  });

  it('says nothing when nothing on this terminal is unknown', async () => {
    const calls = installFakeTransport({
      'journal:pending': () => ({ entries: [], total: 0, warnings: [], warningCount: 0, reconciling: false }),
    });
    render(LeftPendingNotice, { profile });
    await expect.poll(() => calls.length).toBe(1);
    expect(screen.queryByRole('region')).toBeNull();
  });
});
