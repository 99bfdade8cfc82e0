import { describe, expect, it } from 'vitest';
import type { ProfilesImportResult } from '@shared/ipc/profile-transfer';
import { importSummary } from './import-summary';

const list = { profiles: [], activeId: null } as unknown as ProfilesImportResult['list'];

describe('import summary', () => {
  it('refuses an existing terminal with the reason, and is not a success', () => {
    expect(
      importSummary({ imported: 0, renamed: [], alreadySetUp: [{ name: 'Back counter (sim)', existing: 'Back counter (sim)' }], list }),
    ).toEqual({
      tone: 'info',
      text: 'Nothing imported: "Back counter (sim)" is already set up on this computer (same TPN and address).',
    });
  });

  it('names the new terminals, the renames and the ones left out under their name here', () => {
    const summary = importSummary({
      imported: 1,
      renamed: [{ from: 'Front', to: 'Front (2)' }],
      alreadySetUp: [{ name: 'Back', existing: 'Till 2' }],
      list,
    });
    expect(summary.tone).toBe('success');
    expect(summary.text).toBe(
      'Imported 1 terminal. Enter each one\'s Authkey before use. "Front" became "Front (2)". Not added again: "Back" (here: "Till 2") is already set up on this computer (same TPN and address).',
    );
  });
});
