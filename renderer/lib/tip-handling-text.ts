import type { ProfileView } from '@shared/ipc/profile-views';
import { formatDateTime } from '@shared/i18n/format';
import { m } from './i18n/messages';

// What a terminal profile remembers about tips, in the words the Terminals and Troubleshooting
// screens both use (tip-rules.ts has the rule; "Verify this terminal" finds it out).

/** "Amount already includes the tip" / "Adds the tip on top of Amount" / "Not checked yet". */
export function tipHandlingTitle(profile: Pick<ProfileView, 'tipHandling'>): string {
  switch (profile.tipHandling) {
    case 'included':
      return m.lib_tip_included();
    case 'on-top':
      return m.lib_tip_on_top();
    default:
      return m.lib_tip_not_checked();
  }
}

/** How spin-desk sends tips to this terminal, and where it learned that. */
export function tipHandlingDetail(profile: Pick<ProfileView, 'tipHandling' | 'tipCheckedAt'>): string {
  if (!profile.tipHandling) return m.lib_tip_sends_unknown();
  // Two sentences: how it sends, then where that was learned.
  const sends = profile.tipHandling === 'on-top' ? m.lib_tip_sends_on_top() : m.lib_tip_sends_included();
  const source = profile.tipCheckedAt ? m.lib_tip_found_by_verify({ when: formatDateTime(profile.tipCheckedAt) }) : m.lib_tip_from_import();
  return `${sends} ${source}`;
}
