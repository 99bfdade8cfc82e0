import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { beforeAll, describe, expect, it } from 'vitest';
import type { JournalBackups, JournalCheck, RestoreResult } from '@shared/ipc/journal-backup-views';
import { callsTo, installFakeTransport } from '../../test-support/fake-transport';
import { polyfillDialog } from '../../test-support/jsdom-dialog';
import JournalPanel from './JournalPanel.svelte';

// Troubleshooting's Journal tab: "Check the journal" gives SQLite's verdict in plain words, and
// "Restore from backup" lists the backups with their time and payments, says what a restore does
// before it runs (the current file kept aside, payments refused meanwhile, later payments not in
// it, lookups resumed), and is not offered while a payment is being sent.

beforeAll(polyfillDialog);

const BACKUPS: JournalBackups = {
  folder: '/data/backups',
  backups: [
    { name: 'journal-20261202-051500.sqlite', kind: 'daily', createdAt: '2026-12-02T05:15:00.000Z', entries: 1234, bytes: 4096 },
    {
      name: 'journal-20261120-080000-before-migration.sqlite',
      kind: 'before-migration',
      createdAt: '2026-11-20T08:00:00.000Z',
      entries: 1,
      bytes: 4096,
    },
  ],
};

const HEALTHY: JournalCheck = {
  verdict: 'ok',
  summary: 'The journal is healthy: SQLite checked every page and found nothing wrong.',
  problems: [],
  checkedAt: '2026-12-02T05:20:00.000Z',
  tookMs: 12,
};

const DAMAGED: JournalCheck = {
  verdict: 'damaged',
  summary: 'The journal is damaged: SQLite found 2 problems.',
  remedy: 'Do not take payments on this PC until it is sorted out. Save a support bundle, then restore the newest backup below.',
  problems: ['Tree 7 page 7: btreeInitPage() returns error code 11', 'wrong # of entries in index entries_by_ref'],
  checkedAt: '2026-12-02T05:20:00.000Z',
  tookMs: 40,
};

const RESTORED: RestoreResult = {
  restored: 'journal-20261120-080000-before-migration.sqlite',
  keptAs: 'journal.sqlite.before-restore-2026-12-02T05-21-00.000Z',
  entries: 1,
  pending: 1,
};

describe('Check the journal', () => {
  it('says a healthy journal is healthy', async () => {
    installFakeTransport({ 'journal:check': () => HEALTHY, 'journal:backups': () => BACKUPS });
    render(JournalPanel);
    await fireEvent.click(screen.getByRole('button', { name: 'Check the journal' }));
    expect((await screen.findByRole('status')).textContent).toContain('The journal is healthy');
  });

  it('says a damaged journal is damaged, what to do, and SQLite’s words under Details', async () => {
    installFakeTransport({ 'journal:check': () => DAMAGED, 'journal:backups': () => BACKUPS });
    render(JournalPanel);
    await fireEvent.click(screen.getByRole('button', { name: 'Check the journal' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The journal is damaged: SQLite found 2 problems.');
    expect(alert.textContent).toContain('restore the newest backup');
    expect(screen.getByText('wrong # of entries in index entries_by_ref')).toBeTruthy();
  });
});

describe('Restore from backup', () => {
  it('lists the backups with their payments, says what a restore does, and restores the chosen one', async () => {
    const calls = installFakeTransport({ 'journal:backups': () => BACKUPS, 'journal:restore': () => RESTORED });
    render(JournalPanel);
    const group = await screen.findByRole('group', { name: 'Backups, newest first' });
    const choices = within(group).getAllByRole('radio');
    expect(choices.map((choice) => choice.closest('label')?.textContent)).toEqual([
      expect.stringContaining('1,234 payments'),
      expect.stringMatching(/1 payment \(made before an update changed the journal\)/),
    ]);
    expect((choices[0] as HTMLInputElement).checked).toBe(true);
    await fireEvent.click(choices[1]!);
    await fireEvent.click(screen.getByRole('button', { name: 'Restore this backup' }));
    const dialog = screen.getByRole('dialog', { name: 'Restore the journal from this backup?' });
    expect(dialog.textContent).toContain('kept aside in the data folder, not deleted');
    expect(dialog.textContent).toContain('Payments are refused until the restore has finished');
    expect(dialog.textContent).toMatch(/Payments made after .* are not in the backup/);
    expect(dialog.textContent).toContain('looked up again');
    expect(callsTo(calls, 'journal:restore')).toEqual([]);
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect((await screen.findByRole('status')).textContent).toContain('kept in the data folder as journal.sqlite.before-restore-');
    expect(callsTo(calls, 'journal:restore').map((call) => call.input)).toEqual([
      { name: 'journal-20261120-080000-before-migration.sqlite' },
    ]);
  });

  it('is not offered while a payment is being sent, and says why', async () => {
    const refusal = 'A payment is being sent (Sale R-1). Restore once it has ended: the journal must not change under it.';
    installFakeTransport({ 'journal:backups': () => ({ ...BACKUPS, refusal }) });
    render(JournalPanel);
    expect((await screen.findByRole('status')).textContent).toContain('A payment is being sent (Sale R-1)');
    expect((screen.getByRole('button', { name: 'Restore this backup' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
