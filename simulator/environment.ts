// Which SPIn endpoints the simulated service offers. Live services are not all alike: a 2026-05
// smoke test against the production host got HTTP 404 for /v2/Payment/Cart, which the docs list
// (docs/PROTOCOL.md §4.12; whether production serves Cart is open). A profile names a set of
// services seen in the wild, so a client can be tested against the one it will meet; an endpoint a
// profile leaves out is answered like any path the simulator has no endpoint for.
import type { EndpointName } from '@shared/spin';

export const ENVIRONMENTS = ['documented', 'production-2026'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** Every endpoint the docs list: the simulator's behaviour before profiles. */
export const DEFAULT_ENVIRONMENT: Environment = 'documented';

const NOT_OFFERED: Record<Environment, ReadonlySet<EndpointName>> = {
  documented: new Set(),
  'production-2026': new Set<EndpointName>(['Cart']),
};

export function offersEndpoint(environment: Environment, name: EndpointName): boolean {
  return !NOT_OFFERED[environment].has(name);
}
