// What the real-world mode does to one request. The dice are a pure function of the seed and the
// request's identity (TPN, endpoint, ReferenceId and how many times that same request was seen
// before), not of arrival order: five registers hammering five terminals in any interleaving get
// the same treatment for the same requests, which is what lets a randomised suite be repeatable.
// Every draw is made up front in a fixed order, so what the answer turns out to be never shifts
// the sequence.
import type { EndpointName } from '@shared/spin';
import { Prng, deriveSeed } from '../prng';
import {
  DELIVERIES,
  LATER_VARIANTS,
  LOOKUP_VARIANTS,
  PER_REQUEST_VARIANTS,
  REFUSALS,
  SHAPES,
  type RealWorldSettings,
  type Variant,
  type VariantRule,
} from './config';
import { EXTRA_COUNT, NULLABLE_COUNT, OFF_TYPE_COUNT } from './rewrite';

/** One line of the real-world log: every SPIn request while the mode is on, and what it got. */
export interface RealWorldEvent {
  seq: number;
  /** Epoch ms when the request was read. */
  at: number;
  tpn: string;
  endpoint: EndpointName;
  referenceId: string;
  /** 0 for the first request with this TPN, endpoint and ReferenceId, then 1, 2, ... */
  occurrence: number;
  /** Variants that changed this exchange, in roll order (filled in as the answer is made). */
  applied: Variant[];
  /** HTTP status the client was sent (filled in when it was sent). */
  httpStatus?: number;
  /** html-502, server-error-500: whether the request had been forwarded (the terminal carried it out). */
  forwarded?: boolean;
  /** redirect: the Location header, so a test can prove nothing was sent there. */
  location?: string;
  retryAfterSeconds?: number;
  /** slow / drip: how long the body took after the headers. */
  bodyMs?: number;
}

export type Refusal =
  | { kind: 'redirect'; status: RedirectStatus; location: string }
  | { kind: 'rate-limit'; retryAfterSeconds: number }
  | { kind: 'html-502'; forwarded: boolean; page: number }
  | { kind: 'server-error-500'; forwarded: boolean };

export interface Plan {
  readonly event: RealWorldEvent;
  /** Answered by whatever stands in front of the proxy; null: the SPIn answer goes through. */
  readonly refusal: Refusal | null;
  readonly lookup: (typeof LOOKUP_VARIANTS)[number] | null;
  readonly shapes: ReadonlySet<(typeof SHAPES)[number]>;
  readonly masks: { offType: boolean[]; extra: boolean[]; nulls: boolean[] };
  readonly delivery: { kind: (typeof DELIVERIES)[number]; ms: number; chunkBytes: number } | null;
}

export const REDIRECT_STATUSES = [301, 302, 307, 308] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];

/** How many load-balancer 502 pages there are to pick from (see serve.ts). */
export const LB_PAGE_COUNT = 2;

/** n coin flips; when all come up false one of them is turned true, so a rolled shape always shows. */
function mask(rng: Prng, n: number): boolean[] {
  const bits = Array.from({ length: n }, () => rng.next() < 0.5);
  const forced = rng.int(n);
  if (!bits.includes(true)) bits[forced] = true;
  return bits;
}

const first = <T extends Variant>(kinds: readonly T[], rolled: ReadonlySet<Variant>): T | null => kinds.find((k) => rolled.has(k)) ?? null;

export interface RequestIdentity {
  tpn: string;
  endpoint: EndpointName;
  referenceId: string;
  occurrence: number;
  path: string;
}

export function makePlan(settings: RealWorldSettings, rules: ReadonlyMap<Variant, VariantRule>, who: RequestIdentity, seq: number): Plan {
  const rng = new Prng(deriveSeed(settings.seed, [who.tpn, who.endpoint, who.referenceId, who.occurrence].join('\u0000')));
  const rolled = new Set<Variant>();
  const roll = (variant: Variant) => {
    const dice = rng.next();
    const rule = rules.get(variant);
    if (rule && (rule.endpoints === null || rule.endpoints.has(who.endpoint)) && dice < rule.rate) rolled.add(variant);
  };
  PER_REQUEST_VARIANTS.forEach(roll);
  const forwarded = rng.next() < settings.forwardedRate;
  const redirectStatus = rng.pick(REDIRECT_STATUSES);
  const page = rng.int(LB_PAGE_COUNT);
  const ms = settings.bodyMs.min + rng.int(settings.bodyMs.max - settings.bodyMs.min + 1);
  const masks = { offType: mask(rng, OFF_TYPE_COUNT), extra: mask(rng, EXTRA_COUNT), nulls: mask(rng, NULLABLE_COUNT) };
  LATER_VARIANTS.forEach(roll);

  const refusalKind = first(REFUSALS, rolled);
  const refusal: Refusal | null =
    refusalKind === 'redirect'
      ? { kind: 'redirect', status: redirectStatus, location: `${settings.redirectTo}${who.path}` }
      : refusalKind === 'rate-limit'
        ? { kind: 'rate-limit', retryAfterSeconds: settings.retryAfterSeconds }
        : refusalKind === 'html-502'
          ? { kind: 'html-502', forwarded, page }
          : refusalKind === 'server-error-500'
            ? { kind: 'server-error-500', forwarded }
            : null;
  const deliveryKind = first(DELIVERIES, rolled);
  return {
    event: {
      seq,
      at: Date.now(),
      tpn: who.tpn,
      endpoint: who.endpoint,
      referenceId: who.referenceId,
      occurrence: who.occurrence,
      applied: [],
    },
    refusal,
    lookup: first(LOOKUP_VARIANTS, rolled),
    shapes: new Set(SHAPES.filter((shape) => rolled.has(shape))),
    masks,
    delivery: deliveryKind === null ? null : { kind: deliveryKind, ms, chunkBytes: settings.dripChunkBytes },
  };
}
