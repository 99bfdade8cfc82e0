// The real-world mode's busy-after-approval variant: whether an approval opens the service's busy
// window (simulator/busy-window.ts) and for how long, drawn per approval from the observed range.
// Its own seeded sequence, so the other variants' per-request dice (plan.ts) are not shifted.
import type { EndpointName } from '@shared/spin';
import { Prng, deriveSeed } from '../prng';
import { AFTER_APPROVAL, variantRules, type RealWorldSettings } from './config';

/** The draw for BusyWindow.draw, or null when the variant is off (the plain setting applies). */
export function busyWindowDraw(settings: RealWorldSettings | null): ((name: EndpointName) => number) | null {
  if (settings === null) return null;
  const rule = variantRules(settings).get(AFTER_APPROVAL);
  if (!rule) return null;
  const rng = new Prng(deriveSeed(settings.seed, AFTER_APPROVAL));
  const { min, max } = settings.busyWindowMs;
  return (name) => {
    const roll = rng.next();
    const ms = min + rng.int(max - min + 1);
    const applies = rule.endpoints === null || rule.endpoints.has(name);
    return applies && roll < rule.rate ? ms : 0;
  };
}
