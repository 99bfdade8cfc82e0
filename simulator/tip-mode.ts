// How a terminal reads a Sale's or Capture's TipAmount: a setting of the simulator (per run and
// per terminal), not state, so neither saved in the state file nor changed by reset().

/**
 * No public source settles whether the request's Amount already includes the tip
 * (docs/PROTOCOL.md §13.1), so both are simulated:
 * - included: Amount is the total and the tip is part of it (what the simulator always did);
 * - on-top: Amount is the base and the terminal adds TipAmount to it.
 */
export const TIP_MODES = ['included', 'on-top'] as const;
export type TipMode = (typeof TIP_MODES)[number];
export const DEFAULT_TIP_MODE: TipMode = 'included';
