// A journal error's Said says what its English message says, in Spanish too; when the message
// carries words the Said cannot (a detail spin-desk worded itself), there is none and the English shows.
import { describe, expect, it } from 'vitest';
import { englishOf, wordSaid } from '@shared/ipc/said';
import { speakSpanishInEachTest } from '../../../tests/support/speak-spanish';
import { damagedFileError, journalWriteError, JournalWriteError } from './journal-errors';

speakSpanishInEachTest();

describe("a JournalWriteError's messageSaid", () => {
  it('words the fault, its OS code and a quoted OS text as the English does', () => {
    const full = journalWriteError(Object.assign(new Error('no space'), { code: 'ENOSPC' }));
    expect(wordSaid(full.messageSaid, full.message)).toBe(
      'spin-desk no puede registrar pagos: el disco donde guarda sus datos está lleno (ENOSPC).',
    );
    const quoted = journalWriteError(new Error('EIO-like failure'));
    expect(quoted.message).toBe('spin-desk cannot record payments: the disk holding its data reported an error, Error: EIO-like failure.');
    expect(quoted.messageSaid && englishOf(quoted.messageSaid)).toBe(quoted.message);
    expect(wordSaid(quoted.messageSaid, quoted.message)).toBe(
      'spin-desk no puede registrar pagos: el disco donde guarda sus datos informó un error, Error: EIO-like failure.',
    );
  });

  it('gives none for a message with words of its own, so its English shows rather than less', () => {
    const damaged = damagedFileError('/data/journal.sqlite', () => 'is damaged (SQLITE_CORRUPT)');
    expect(damaged.messageSaid).toBeUndefined();
    expect(new JournalWriteError('MOVED', undefined, () => 'a detail').messageSaid).toBeUndefined();
  });
});
