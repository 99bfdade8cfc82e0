import { api, ApiError } from '../../lib/api';
import { errorMessage } from '../../lib/error-message';
import type { TransactionView } from '@shared/ipc/payment-views';

export type FoundOriginal = { ok: true; record: TransactionView } | { ok: false; message: string };

/**
 * Looks the original transaction of a Void or TipAdjust up by its ReferenceId (Status), so its
 * amount and payment type come from the terminal's own record instead of being retyped.
 */
export async function findOriginal(profileId: string, referenceId: string): Promise<FoundOriginal> {
  try {
    return { ok: true, record: await api.transactions.status({ profileId, referenceId: referenceId.trim() }) };
  } catch (error) {
    const message = error instanceof ApiError ? (error.fieldMessage('referenceId') ?? error.message) : errorMessage(error);
    return { ok: false, message };
  }
}
