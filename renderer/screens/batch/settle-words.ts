import type { SettleDetail, SettleOutcome } from '@shared/ipc/report-views';

/** The heading of a settlement result, on screen and on paper. */
export const SETTLE_TITLES: Record<SettleOutcome, string> = {
  settled: 'Batch closed',
  partial: 'Batch partly closed',
  'nothing-to-settle': 'Nothing to settle',
  'not-settled': 'The batch was not closed',
};

/** "merchant 2 (CORNER CAFE)": the merchants whose applications a settlement closed; '' when the terminal named none. */
export function merchantWords(details: readonly Pick<SettleDetail, 'merchantNumber' | 'merchantName'>[]): string {
  const merchants = new Map<number, string>();
  for (const { merchantNumber, merchantName } of details) {
    if (merchantNumber !== null && !merchants.has(merchantNumber)) merchants.set(merchantNumber, merchantName);
  }
  const named = [...merchants].map(([number, name]) => (name ? `${number} (${name})` : String(number)));
  return named.length === 0 ? '' : `${named.length === 1 ? 'merchant' : 'merchants'} ${named.join(', ')}`;
}

/**
 * "merchant 2": which merchant a report of the open batch covers (issue 27 item 6): the merchants
 * the terminal's answer names, else the profile's MerchantNumber; '' when neither says one.
 */
export function reportMerchantWords(applications: readonly { merchantNumber: number | null }[], profileMerchant: number | null): string {
  const answered = merchantWords(applications.map(({ merchantNumber }) => ({ merchantNumber, merchantName: '' })));
  return answered || (profileMerchant === null ? '' : `merchant ${profileMerchant}`);
}
