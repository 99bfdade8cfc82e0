// The open batch of one terminal: its records in TransactionNumber order, with Map indexes so
// lookups stay O(1) however large the batch grows under load.
import type { TxRecord } from './model';

export class Batch {
  private readonly list: TxRecord[] = [];
  private readonly byRef = new Map<string, TxRecord>();
  private readonly byAuth = new Map<string, TxRecord>();
  private readonly declined = new Map<string, Record<string, unknown>>();

  constructor(
    readonly number: number,
    records: readonly TxRecord[] = [],
    declines: readonly { referenceId: string; reply: Record<string, unknown> }[] = [],
  ) {
    // Loading re-runs the same checks as live additions, so an inconsistent state file is refused.
    for (const record of records) this.add(record);
    for (const { referenceId, reply } of declines) this.declined.set(referenceId, reply);
  }

  get size(): number {
    return this.list.length;
  }

  /** Numbering restarts at 1 in every batch and records are never removed from an open batch. */
  nextTransactionNumber(): number {
    return this.list.length + 1;
  }

  records(): readonly TxRecord[] {
    return this.list;
  }

  hasReference(referenceId: string): boolean {
    return this.byRef.has(referenceId);
  }

  hasAuthCode(authCode: string): boolean {
    return this.byAuth.has(authCode);
  }

  byReference(referenceId: string): TxRecord | undefined {
    return this.byRef.get(referenceId);
  }

  byAuthCode(authCode: string): TxRecord | undefined {
    return this.byAuth.get(authCode);
  }

  byTransactionNumber(n: number): TxRecord | undefined {
    return Number.isInteger(n) && n >= 1 ? this.list[n - 1] : undefined;
  }

  /** Records whose TransactionNumber lies in [from, to], inclusive. */
  range(from: number, to: number): TxRecord[] {
    return this.list.slice(Math.max(from, 1) - 1, Math.max(to, 0));
  }

  add(record: TxRecord): void {
    if (record.transactionNumber !== this.nextTransactionNumber()) {
      throw new Error(`TransactionNumber ${record.transactionNumber} out of sequence (expected ${this.nextTransactionNumber()})`);
    }
    if (this.byRef.has(record.referenceId)) throw new Error(`Duplicate ReferenceId ${record.referenceId} in batch ${this.number}`);
    if (this.byAuth.has(record.authCode)) throw new Error(`Duplicate AuthCode ${record.authCode} in batch ${this.number}`);
    this.list.push(record);
    this.byRef.set(record.referenceId, record);
    this.byAuth.set(record.authCode, record);
    // An approval supersedes any earlier declined attempt under the same ReferenceId.
    this.declined.delete(record.referenceId);
  }

  /** Keeps the reply of a declined/cancelled attempt; a later attempt with the same id replaces it. */
  rememberDecline(referenceId: string, reply: Record<string, unknown>): void {
    if (!this.byRef.has(referenceId)) this.declined.set(referenceId, reply);
  }

  declineFor(referenceId: string): Record<string, unknown> | undefined {
    return this.declined.get(referenceId);
  }

  declines(): { referenceId: string; reply: Record<string, unknown> }[] {
    return [...this.declined].map(([referenceId, reply]) => ({ referenceId, reply }));
  }
}
