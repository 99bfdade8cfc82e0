import type { JournalBackups, JournalCheck, RestoreResult } from '@shared/ipc/journal-backup-views';
import type { Handlers } from './dispatch';

/** Troubleshooting's care of the journal itself (app-services.ts builds it on the journal, its backups and the lookups). */
export interface JournalCare {
  check(): JournalCheck;
  backups(): JournalBackups;
  restore(name: string): Promise<RestoreResult>;
}

/** journal:check, journal:backups and journal:restore, bound to the journal's care (spread into createHandlers). */
export function journalBackupHandlers(care: JournalCare): Pick<Handlers, 'journal:check' | 'journal:backups' | 'journal:restore'> {
  return {
    'journal:check': async () => care.check(),
    'journal:backups': async () => care.backups(),
    'journal:restore': ({ name }) => care.restore(name),
  };
}
