import { ScreenRequest } from './screen-request.svelte';

export interface KeptSettlement {
  tpn: string;
  referenceId: string;
  /** The settled terminal's profile and name, which head the reprint (not the active terminal's). */
  profileId: string;
  terminalName: string;
}

// History asks Batch & reports to show what a settlement kept in the journal, to print or export
// it again; kept here because neither screen imports the other.

/** A settlement, shown again from the journal. */
export const settlementReprint = new ScreenRequest<KeptSettlement>('batch');
/** The store report of the day a settlement was made, rebuilt from the journal. */
export const storeDayReprint = new ScreenRequest<Date>('batch');
