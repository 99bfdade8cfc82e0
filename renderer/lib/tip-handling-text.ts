import type { ProfileView } from '@shared/ipc/profile-views';

// What a terminal profile remembers about tips, in the words the Terminals and Troubleshooting
// screens both use (tip-rules.ts has the rule; "Verify this terminal" finds it out).

/** "Amount already includes the tip" / "Adds the tip on top of Amount" / "Not checked yet". */
export function tipHandlingTitle(profile: Pick<ProfileView, 'tipHandling'>): string {
  switch (profile.tipHandling) {
    case 'included':
      return 'Amount already includes the tip';
    case 'on-top':
      return 'Adds the tip on top of Amount';
    default:
      return 'Not checked yet';
  }
}

/** How spin-desk sends tips to this terminal, and where it learned that. */
export function tipHandlingDetail(profile: Pick<ProfileView, 'tipHandling' | 'tipCheckedAt'>): string {
  const source = profile.tipCheckedAt
    ? ` Found by “Verify this terminal” on ${new Date(profile.tipCheckedAt).toLocaleString()}.`
    : profile.tipHandling
      ? ' Taken from an imported terminals file.'
      : '';
  if (profile.tipHandling === 'on-top') return `spin-desk sends the amount alone in Amount and the tip in TipAmount.${source}`;
  if (profile.tipHandling === 'included') return `spin-desk sends the tip inside Amount and also in TipAmount.${source}`;
  return 'spin-desk sends the tip inside Amount (and in TipAmount) and checks every approval; run “Verify this terminal” on the Troubleshooting screen to be sure.';
}
