import type { ProfilesImportResult } from '@shared/ipc/profile-transfer';

function terminals(count: number): string {
  return `${count} terminal${count === 1 ? '' : 's'}`;
}

/** "Back counter (sim) is already set up here" or "… already set up here as Till 2". */
function alreadyLine({ name, existing }: ProfilesImportResult['alreadySetUp'][number]): string {
  return existing === name ? `"${name}"` : `"${name}" (here: "${existing}")`;
}

/**
 * What an import did, in one toast: what was added, what was renamed, and which terminals were
 * left out because they are already set up (same TPN and address), so no one looks for a copy.
 */
export function importSummary(result: ProfilesImportResult): { tone: 'success' | 'info'; text: string } {
  const parts: string[] = [];
  if (result.imported > 0) parts.push(`Imported ${terminals(result.imported)}. Enter each one's Authkey before use.`);
  if (result.renamed.length > 0) parts.push(`${result.renamed.map((r) => `"${r.from}" became "${r.to}"`).join(', ')}.`);
  if (result.alreadySetUp.length > 0) {
    const which = result.alreadySetUp.map(alreadyLine).join(', ');
    const verb = result.alreadySetUp.length === 1 ? 'is' : 'are';
    parts.push(
      `${result.imported === 0 ? 'Nothing imported: ' : 'Not added again: '}${which} ${verb} already set up on this computer (same TPN and address).`,
    );
  }
  return { tone: result.imported > 0 ? 'success' : 'info', text: parts.join(' ') || 'The file holds no terminals.' };
}
