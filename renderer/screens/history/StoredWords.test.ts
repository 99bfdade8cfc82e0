// Issue 41: what main stored in English (a refusal's outcome line, a lost answer's reason) shows in
// History in the page's language when it carries its Said, switching in place; an entry written
// before it had one still shows its English.
import { render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { said } from '@shared/ipc/said';
import { appLanguage } from '../../lib/i18n/language.svelte';
import { journalEntry } from './history-fixtures';
import HistoryDetail from './HistoryDetail.svelte';
import { pendingLookups } from './history-pending.svelte';
import PendingLookups from './PendingLookups.svelte';

const at = '2026-03-04T15:05:09.000Z';
const busyEnglish = 'Still busy after 4 tries: Terminal Busy (1000)';
const refused = journalEntry('r', {
  referenceId: 'BUSY1',
  state: 'refused',
  outcome: {
    at,
    statusCode: '1000',
    message: busyEnglish,
    messageSaid: said('said_refused_still_busy', { tries: 4, why: said('said_why_code', { code: '1000' }) }),
  },
});
const lostEnglish = 'the terminal did not answer in time (2007)';
const recovered = (withSaid: boolean) =>
  journalEntry('l', {
    referenceId: 'LOST1',
    outcome: {
      at,
      statusCode: '0000',
      message: 'Approved',
      approvedCents: 1234,
      recovery: { how: 'status-lookup', reason: lostEnglish, ...(withSaid ? { said: said('said_why_timeout_2007') } : {}) },
    },
  });

const facts = () => screen.getByRole('region', { name: /Sale|Venta/ }).textContent?.replace(/\s+/g, ' ') ?? '';

afterEach(async () => {
  document.body.innerHTML = '';
  await appLanguage.show('en');
});

describe('what main stored, in History', () => {
  it('words a refusal’s outcome line in Spanish, and back in English byte for byte', async () => {
    render(HistoryDetail, { entry: refused, onclose: () => {} });
    expect(facts()).toContain(busyEnglish);

    await appLanguage.show('es-US');

    const spanish = 'Todavía ocupada después de 4 intentos: el servicio respondió con el código 1000';
    await vi.waitFor(() => expect(facts()).toContain(spanish));
    expect(facts()).not.toContain('Still busy');
    await appLanguage.show('en');
    await vi.waitFor(() => expect(facts()).toContain(busyEnglish));
  });

  it('gives a lost answer’s reason in Spanish', async () => {
    await appLanguage.show('es-US');
    render(HistoryDetail, { entry: recovered(true), onclose: () => {} });
    expect(facts()).toContain('La primera respuesta se perdió: la terminal no respondió a tiempo (2007).');
    expect(facts()).not.toContain(lostEnglish);
  });

  it('still shows the English reason of an entry stored before it had a Said', async () => {
    await appLanguage.show('es-US');
    render(HistoryDetail, { entry: recovered(false), onclose: () => {} });
    expect(facts()).toContain(`La primera respuesta se perdió: ${lostEnglish}.`);
  });
});

describe("the journal's notes, in History", () => {
  const unreadable = 'journal.sqlite could not be read (SqliteError: file is not a database); no history is shown from it.';
  const notes = () => screen.getAllByRole('listitem').map((item) => item.textContent?.replace(/\s+/g, ' ').trim());

  it('words a note of this start in the page’s language, switching in place; a stored one keeps its English', async () => {
    pendingLookups.warnings = [
      {
        kind: 'corrupt-line',
        file: 'journal.sqlite',
        message: unreadable,
        said: said('said_j_warn_database_unreadable', { path: 'journal.sqlite', error: 'SqliteError: file is not a database' }),
      },
      { kind: 'torn-tail', file: 'segment-1.jsonl', message: 'The last line of segment-1.jsonl was incomplete.' },
    ];
    pendingLookups.warningCount = 2;
    render(PendingLookups);
    expect(notes()[0]).toContain(unreadable);

    await appLanguage.show('es-US');

    await vi.waitFor(() =>
      expect(notes()[0]).toContain(
        'No se pudo leer journal.sqlite (SqliteError: file is not a database); no se muestra ningún historial de él.',
      ),
    );
    expect(notes()[1]).toContain('The last line of segment-1.jsonl was incomplete.');
    await appLanguage.show('en');
    await vi.waitFor(() => expect(notes()[0]).toContain(unreadable));
  });

  it('words an old journal’s import note in Spanish; one stored before it had a Said keeps its English', async () => {
    const torn =
      'The last line of seg-000004-20261126.jsonl was incomplete (24 bytes, cut off while it was being written) and was not imported. An intent cut off there was never sent; an outcome cut off there is looked up again.';
    pendingLookups.warnings = [
      {
        kind: 'torn-tail',
        file: 'seg-000004-20261126.jsonl',
        message: torn,
        said: said('said_seg_torn_tail', { file: 'seg-000004-20261126.jsonl', bytes: 24 }),
      },
      {
        kind: 'corrupt-line',
        file: 'seg-000004-20261126.jsonl',
        line: 7,
        message: 'Line 7 of seg-000004-20261126.jsonl is not valid JSON; it was not imported.',
      },
    ];
    pendingLookups.warningCount = 2;
    await appLanguage.show('es-US');
    render(PendingLookups);
    expect(notes()[0]).toContain(
      'La última línea de seg-000004-20261126.jsonl estaba incompleta (24 bytes, cortada mientras se escribía) y no se importó.',
    );
    expect(notes()[0]).not.toContain('The last line');
    expect(notes()[1]).toContain('Line 7 of seg-000004-20261126.jsonl is not valid JSON; it was not imported.');
  });
});
