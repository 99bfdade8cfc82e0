// Issue 41, item 1: the journal's refusal (JOURNAL_UNAVAILABLE) is worded when it is answered, in
// the language main speaks then, though the error was made earlier (a journal turns read-only at
// start and answers every payment with the same error afterwards). Logs keep the English.
import { describe, expect, it } from 'vitest';
import { BASE_LANGUAGE } from '@shared/i18n/languages';
import { toAppError } from '../to-app-error';
import { speakSpanishInThisTest } from '../../../tests/support/speak-spanish';
import { damagedFileError, JournalWriteError } from './journal-errors';

describe('a journal refusal in the language of the answer', () => {
  it('made in English, answered in Spanish after a switch; its log words stay English', async () => {
    const full = new JournalWriteError('DISK_FULL', 'ENOSPC');
    const damaged = damagedFileError(
      '/data/journal.sqlite',
      'is not a readable journal database (SQLITE_NOTADB)',
      'journal.sqlite.damaged-1',
    );
    expect(toAppError(full)).toEqual({
      code: 'JOURNAL_UNAVAILABLE',
      message: 'spin-desk cannot record payments: the disk holding its data is full (ENOSPC).',
      remedy: 'Free space, then try again.',
    });

    await speakSpanishInThisTest();
    expect(toAppError(full)).toEqual({
      code: 'JOURNAL_UNAVAILABLE',
      message: 'spin-desk no puede registrar pagos: el disco donde guarda sus datos está lleno (ENOSPC).',
      remedy: 'Libere espacio y luego intente de nuevo.',
    });
    expect(toAppError(damaged)).toMatchObject({
      message:
        'spin-desk no puede registrar pagos: un archivo de su carpeta de datos está dañado, /data/journal.sqlite is not a readable journal database (SQLITE_NOTADB) (se guarda una copia como journal.sqlite.damaged-1).',
      remedy: 'Restaure el archivo desde una copia, o sáquelo de la carpeta para empezar uno nuevo, y luego reinicie spin-desk.',
    });
    // The payment's unsaved note and the settings' refusal read `reason`; a log reads the English.
    expect(full.reason).toBe('el disco donde guarda sus datos está lleno (ENOSPC)');
    expect(full.message).toBe('spin-desk cannot record payments: the disk holding its data is full (ENOSPC).');
    expect(full.remedyIn(BASE_LANGUAGE)).toBe('Free space, then try again.');
  });
});
