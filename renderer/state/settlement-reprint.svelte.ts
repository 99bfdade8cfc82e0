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
}

export const settlementReprint = new SettlementReprint();
