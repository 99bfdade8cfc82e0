import type { ReceiptOption } from '@shared/spin/enums';

/** Choices for the two receipt fields (docs/PROTOCOL.md §2.2). */
export const RECEIPT_OPTIONS: readonly { value: ReceiptOption; label: string }[] = [
  { value: 'Both', label: 'Customer and merchant' },
  { value: 'Customer', label: 'Customer only' },
  { value: 'Merchant', label: 'Merchant only' },
  { value: 'No', label: 'None' },
];

/** '' stands for the terminal profile's own merchant number, so the default follows the profile. */
export function merchantOptions(profileMerchant: number | null | undefined): { value: string; label: string }[] {
  const first = profileMerchant ? `As the terminal profile (merchant ${profileMerchant})` : 'As the terminal profile (not set)';
  return [{ value: '', label: first }, ...['1', '2', '3', '4', '5'].map((value) => ({ value, label: `Merchant ${value}` }))];
}
