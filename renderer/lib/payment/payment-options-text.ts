import type { ReceiptOption } from '@shared/spin/enums';
import { m } from '../i18n/messages';
import { optionsShownInLanguage } from './shown-words';

/** Choices for the two receipt fields (docs/PROTOCOL.md §2.2). */
export const RECEIPT_OPTIONS = optionsShownInLanguage<ReceiptOption>([
  ['Both', m.pay_receipts_both],
  ['Customer', m.pay_receipts_customer],
  ['Merchant', m.pay_receipts_merchant],
  ['No', m.pay_receipts_none],
]);

/** '' stands for the terminal profile's own merchant number, so the default follows the profile. */
export function merchantOptions(profileMerchant: number | null | undefined): { value: string; label: string }[] {
  const first = profileMerchant ? m.pay_merchant_profile({ merchant: profileMerchant }) : m.pay_merchant_profile_unset();
  return [
    { value: '', label: first },
    ...['1', '2', '3', '4', '5'].map((value) => ({ value, label: m.pay_merchant_n({ number: value }) })),
  ];
}
