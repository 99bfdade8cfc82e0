import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { openJournal } from '../open-journal';
import type { SqliteJournal } from '../sqlite-journal';

type OpenOptions = Parameters<typeof openJournal>[1];

/**
 * A journal test's data folder: a new empty one before each test. After the test every journal
 * opened through `open` is closed and the folder removed, so a test that failed half-way leaves no
 * database open for the next one. `defaults` are the options every `open` starts from.
 */
export function journalFolderPerTest(prefix: string, defaults: OpenOptions = {}) {
  let dir = '';
  const opened: SqliteJournal[] = [];
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), prefix));
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((journal) => journal.close()));
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    /** The running test's data folder. */
    get dir(): string {
      return dir;
    },
    open(options: OpenOptions = {}): SqliteJournal {
      const journal = openJournal(dir, { ...defaults, ...options });
      opened.push(journal);
      return journal;
    },
    /** Closes a journal before the test ends, as an app that quits does (it is then not closed again). */
    async close(journal: SqliteJournal): Promise<void> {
      opened.splice(opened.indexOf(journal), 1);
      await journal.close();
    },
  };
}
