import type { SettleDetail, SettleOutcome } from '@shared/ipc/report-views';
import { m } from '../../lib/i18n/messages';

/** The heading of a settlement result, on screen and on paper. */
export const SETTLE_TITLES: Record<SettleOutcome, () => string> = {
  settled: m.report_settle_batch_closed,
  partial: m.report_settle_partial,
  'nothing-to-settle': m.report_settle_nothing,
  'not-settled': m.report_settle_not_closed,
};

/** "merchant 2 (CORNER CAFE)": the merchants whose applications a settlement closed; '' when the terminal named none. */
export function merchantWords(details: readonly Pick<SettleDetail, 'merchantNumber' | 'merchantName'>[]): string {
  const known = new Map<number, string>();
  for (const { merchantNumber, merchantName } of details) {
    if (merchantNumber !== null && !known.has(merchantNumber)) known.set(merchantNumber, merchantName);
  }
  const named = [...known].map(([number, name]) => (name ? `${number} (${name})` : String(number)));
  if (named.length === 0) return '';
  const merchants = named.join(', ');
  return named.length === 1 ? m.report_merchant_one({ merchants }) : m.report_merchant_many({ merchants });
}

/**
 * "merchant 2": which merchant a report of the open batch covers on a multi-merchant terminal
 * (issue 27 item 6): the merchants the terminal's answer names, else the profile's MerchantNumber.
 * '' on a terminal of one merchant (no MerchantNumber on the profile, one or none in the answer):
 * there "merchant 1" is jargon that says nothing.
 */
export function reportMerchantWords(applications: readonly { merchantNumber: number | null }[], profileMerchant: number | null): string {
  const answered = new Set(applications.flatMap(({ merchantNumber }) => (merchantNumber === null ? [] : [merchantNumber])));
  if (profileMerchant === null && answered.size < 2) return '';
  const words = merchantWords([...answered].map((merchantNumber) => ({ merchantNumber, merchantName: '' })));
  return words || m.report_merchant_one({ merchants: String(profileMerchant) });
}
