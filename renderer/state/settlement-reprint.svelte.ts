import { navigation } from './navigation.svelte';

export interface KeptSettlement {
  tpn: string;
  referenceId: string;
}

/**
 * History asks Batch & reports to show a settlement kept in the journal, to print or export it
 * again; the batch screen takes the request when it opens. Kept here because neither screen
 * imports the other.
 */
class SettlementReprint {
  wanted = $state.raw<KeptSettlement | null>(null);

  open(settlement: KeptSettlement): void {
    this.wanted = settlement;
    navigation.go('batch');
  }

  /** The batch screen took the request. */
  take(): KeptSettlement | null {
    const wanted = this.wanted;
    this.wanted = null;
    return wanted;
  }

  /** The store report of the day a settlement was made: rebuilt from the journal (its reprint). */
  storeDay = $state.raw<Date | null>(null);

  openStoreDay(day: Date): void {
    this.storeDay = day;
    navigation.go('batch');
  }

  takeStoreDay(): Date | null {
    const day = this.storeDay;
    this.storeDay = null;
    return day;
  }
}

export const settlementReprint = new SettlementReprint();
