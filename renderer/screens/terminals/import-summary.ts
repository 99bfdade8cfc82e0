import type { ProfilesImportResult } from '@shared/ipc/profile-transfer';
import { formatNumber } from '@shared/i18n/format';
import { m } from '../../lib/i18n/messages';

/** "Back counter (sim)" or "Back counter (sim)" (here: "Till 2") when it is set up here under another name. */
function alreadyLine({ name, existing }: ProfilesImportResult['alreadySetUp'][number]): string {
  return existing === name ? m.terms_already_same({ terminal: name }) : m.terms_already_here({ terminal: name, existing });
}

/** Why the terminals already set up were left out: one sentence, its verb agreeing with how many. */
function alreadySentence(result: ProfilesImportResult): string {
  const which = result.alreadySetUp.map(alreadyLine).join(', ');
  const one = result.alreadySetUp.length === 1;
  if (result.imported === 0) return one ? m.terms_nothing_imported_one({ which }) : m.terms_nothing_imported_many({ which });
  return one ? m.terms_not_again_one({ which }) : m.terms_not_again_many({ which });
}

/**
 * What an import did, in one toast: what was added, what was renamed, and which terminals were
 * left out because they are already set up (same TPN and address), so no one looks for a copy.
 */
export function importSummary(result: ProfilesImportResult): { tone: 'success' | 'info'; text: string } {
  const parts: string[] = [];
  if (result.imported > 0)
    parts.push(result.imported === 1 ? m.terms_imported_one() : m.terms_imported_many({ count: formatNumber(result.imported) }));
  if (result.renamed.length > 0)
    parts.push(m.terms_renamed_list({ renames: result.renamed.map((r) => m.terms_renamed({ from: r.from, to: r.to })).join(', ') }));
  if (result.alreadySetUp.length > 0) parts.push(alreadySentence(result));
  return { tone: result.imported > 0 ? 'success' : 'info', text: parts.join(' ') || m.terms_file_empty() };
}
