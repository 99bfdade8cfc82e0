import type { JournalEntryView } from '@shared/ipc/journal-views';
import type { PaymentResult } from '@shared/ipc/payment-result-views';
import type { ProfileView } from '@shared/ipc/profile-views';

/** A fixture maker: fresh defaults at each call, `overrides` changing any field. */
function fixture<T>(defaults: () => T): (overrides?: Partial<T>) => T {
  return (overrides = {}) => ({ ...defaults(), ...overrides });
}

export const profileView = fixture<ProfileView>(() => ({
  id: 'p1',
  name: 'Front counter',
  environment: 'production',
  endpointLabel: 'https://api.spinpos.net',
  tpn: 'Z8SIM0000001',
  proxyTimeoutSeconds: 120,
  merchantNumber: null,
  hasAuthkey: true,
}));

export const approvedResult = fixture<PaymentResult>(() => ({
  outcome: 'approved',
  resultCode: '0',
  statusCode: '0000',
  message: 'Approved',
  explanation: 'The payment was approved.',
  remedy: 'Nothing to do.',
  referenceId: 'SDTEST',
  amounts: { total: 1234, amount: 1234, tip: 0, fee: 0, tax: 0 },
  authCode: 'A1B2C3',
  transactionNumber: '7',
  batchNumber: '3',
  card: { brand: 'Visa', first4: '4761', last4: '0119', entryType: 'Chip' },
}));

/** A $20.01 credit sale main is still working on, as journal:pending lists it (`overrides` change any field). */
export const pendingSale = fixture<JournalEntryView>(() => ({
  id: 'pending1',
  operation: 'Sale',
  referenceId: 'SDPENDING1',
  profileId: 'p1',
  tpn: 'Z8SIM0000001',
  paymentType: 'Credit',
  amountCents: 2001,
  tipCents: 0,
  createdAt: new Date().toISOString(),
  state: 'pending',
  attempts: 0,
}));
