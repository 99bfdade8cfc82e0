import type { ApiError } from '../../lib/api';
import { api } from '../../lib/api';
import { asApiError } from '../../lib/as-api-error';
import type { TransactionView } from '@shared/ipc/payment-views';
import type { ProfileView } from '@shared/ipc/profile-views';
import { PaymentType } from '@shared/spin/enums';

export type TransactionsTab = 'batch' | 'lookup' | 'offline';

/** What a list of the terminal's transactions takes: the terminal, and what to do with a row. */
export interface RecordListProps {
  profile: ProfileView;
  ondetails: (record: TransactionView) => void;
  onreprint: (record: TransactionView) => void;
}

/** StatusList pages by TransactionNumber; indexes run 1-5000 (docs/PROTOCOL.md §4.9). */
export const PAGE_SIZE = 25;
export const MAX_INDEX = 5000;

/** Status needs a PaymentType; the record's own when it is a valid one, else Card. */
export function lookupTypeOf(record: TransactionView): PaymentType {
  const parsed = PaymentType.safeParse(record.paymentType);
  return parsed.success ? parsed.data : 'Card';
}

/**
 * What the Transactions screen shows, kept at module level so a trip to the Void screen and back
 * returns to the same page of the same list.
 */
class Transactions {
  tab = $state<TransactionsTab>('batch');
  firstIndex = $state(1);
  page = $state.raw<TransactionView[] | null>(null);
  offline = $state.raw<TransactionView[] | null>(null);
  /** The record open in the detail view. */
  detail = $state.raw<TransactionView | null>(null);
  loading = $state(false);
  error = $state.raw<ApiError | null>(null);

  lastIndex = $derived(Math.min(MAX_INDEX, this.firstIndex + PAGE_SIZE - 1));

  async loadPage(profileId: string, firstIndex = this.firstIndex): Promise<void> {
    this.firstIndex = Math.min(Math.max(1, firstIndex), MAX_INDEX);
    await this.#load(async () => {
      const page = await api.transactions.list({ profileId, fromIndex: this.firstIndex, toIndex: this.lastIndex });
      this.page = page.transactions;
    });
  }

  async loadOffline(profileId: string): Promise<void> {
    await this.#load(async () => {
      this.offline = (await api.transactions.offline({ profileId })).transactions;
    });
  }

  /** Reprint: Status with GetReceipt Both brings the receipts back with a fresh copy of the record. */
  async reprint(profileId: string, record: TransactionView): Promise<void> {
    await this.#load(async () => {
      this.detail = await api.transactions.status({
        profileId,
        referenceId: record.referenceId,
        paymentType: lookupTypeOf(record),
        getReceipt: 'Both',
      });
    });
  }

  async #load(work: () => Promise<void>): Promise<void> {
    this.loading = true;
    this.error = null;
    try {
      await work();
    } catch (error) {
      this.error = asApiError(error);
    } finally {
      this.loading = false;
    }
  }
}

export const transactions = new Transactions();
