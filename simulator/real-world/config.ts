// Settings of the real-world mode: which misbehaviours of real SPIn deployments (proxies, load
// balancers, captive portals, servers with other JSON habits) the simulator imitates, and how
// often. One zod schema serves startSimulator's options, the control API and the CLI, so all three
// refuse the same input with the same field-and-rule message.
import { z } from 'zod';
import { endpoints, type EndpointName } from '@shared/spin';
import { MAX_BUSY_WINDOW_MS } from '../busy-window';

/**
 * Every variant, in the order their dice are rolled (see plan.ts). Where two of a kind both roll,
 * the earlier one wins: a redirect beats a 429 beats a 502; busy beats 2009; drip beats slow.
 */
export const VARIANTS = [
  'redirect',
  'rate-limit',
  'html-502',
  'busy-lookup',
  'not-found-2009',
  'numeric-codes',
  'off-type',
  'extra-fields',
  'nulls',
  'slow',
  'drip',
  'busy-after-approval',
  'server-error-500',
  'docs-sample',
  'delay-top-level',
] as const;
export type Variant = (typeof VARIANTS)[number];

/**
 * Not a treatment of one request: the chance that an approval opens the service's busy window
 * (simulator/busy-window.ts), its length drawn from `busyWindowMs`. Its dice are its own
 * (busy-after-approval.ts), so the per-request rolls of the others are as they always were.
 */
export const AFTER_APPROVAL = 'busy-after-approval' satisfies Variant;
/**
 * Variants added after the others: their dice come after every earlier draw of a request (plan.ts),
 * so a seed gives the earlier variants the same treatment it always did.
 */
export const LATER_VARIANTS = ['server-error-500', 'docs-sample', 'delay-top-level'] as const satisfies readonly Variant[];
/** The variants rolled for each request, in order (plan.ts); LATER_VARIANTS are rolled last. */
export const PER_REQUEST_VARIANTS = VARIANTS.filter(
  (variant) => variant !== AFTER_APPROVAL && !(LATER_VARIANTS as readonly Variant[]).includes(variant),
);

/** Answered by something in front of the proxy (a load balancer, a gateway): the body is not SPIn's. */
export const REFUSALS = ['redirect', 'rate-limit', 'html-502', 'server-error-500'] as const satisfies readonly Variant[];
/** Only a Status lookup can be answered this way. */
export const LOOKUP_VARIANTS = ['busy-lookup', 'not-found-2009'] as const satisfies readonly Variant[];
/** Change the JSON of a SPIn answer; they combine. */
export const SHAPES = [
  'numeric-codes',
  'off-type',
  'extra-fields',
  'nulls',
  'docs-sample',
  'delay-top-level',
] as const satisfies readonly Variant[];
/** Change how the bytes of an answer arrive. */
export const DELIVERIES = ['drip', 'slow'] as const satisfies readonly Variant[];

/** Where redirects point unless told otherwise: a name that never resolves, so nothing leaks by default. */
export const DEFAULT_REDIRECT_TO = 'http://redirect-target.invalid';
/** Share of listed variants' requests they apply to when no rate is given (CLI). */
export const DEFAULT_RATE = 0.25;

const ENDPOINT_NAMES = Object.keys(endpoints) as [EndpointName, ...EndpointName[]];
const rate = z.number('must be a number from 0 to 1').min(0, 'must be a number from 0 to 1').max(1, 'must be a number from 0 to 1');
const busyMs = z
  .int('must be a whole number of ms')
  .min(0, `must be 0 to ${MAX_BUSY_WINDOW_MS} ms`)
  .max(MAX_BUSY_WINDOW_MS, `must be 0 to ${MAX_BUSY_WINDOW_MS} ms`);
/** What integrators saw live after an approval (docs/PROTOCOL.md §9.6): busy answers up to ~19 s later, windows of 30-50 s. */
export const DEFAULT_BUSY_WINDOW_MS = { min: 30_000, max: 50_000 } as const;
const bodyMs = z.int('must be a whole number of ms').min(0, 'must be 0 to 600000 ms').max(600_000, 'must be 0 to 600000 ms');

const variantSetting = z.union(
  [
    rate,
    z.strictObject({
      rate,
      /** Only these endpoints get the variant (default: every endpoint it can apply to). */
      endpoints: z.array(z.enum(ENDPOINT_NAMES)).min(1).optional(),
    }),
  ],
  { error: (issue) => (issue.input === undefined ? 'is required' : 'must be a rate from 0 to 1 or { rate, endpoints }') },
);

const variantsSchema = z.record(z.string(), variantSetting).superRefine((variants, ctx) => {
  for (const [name, setting] of Object.entries(variants)) {
    if (!(VARIANTS as readonly string[]).includes(name)) {
      ctx.addIssue({ code: 'custom', path: [name], message: `is not a real-world variant (known: ${VARIANTS.join(', ')})` });
    } else if (
      (LOOKUP_VARIANTS as readonly string[]).includes(name) &&
      typeof setting === 'object' &&
      setting.endpoints?.some((e) => e !== 'Status')
    ) {
      ctx.addIssue({ code: 'custom', path: [name, 'endpoints'], message: 'may only name Status (it answers lookups)' });
    }
  }
});

export const realWorldSchema = z.strictObject({
  /** Variant -> rate (0-1), or { rate, endpoints }. Empty: the mode is off. */
  variants: variantsSchema.default({}),
  /** Default: the simulator's own seed. Same seed and same requests, same treatment. */
  seed: z.int().min(0).max(0xffff_ffff).optional(),
  /** html-502, server-error-500: share of those requests the terminal carried out before the failure answer. */
  forwardedRate: rate.default(0.5),
  /** rate-limit: the Retry-After header, in seconds. */
  retryAfterSeconds: z.int('must be a whole number of seconds').min(0, 'must be 0 to 3600').max(3600, 'must be 0 to 3600').default(1),
  /** slow and drip: how long the body takes after the headers, drawn per request from [min, max]. */
  bodyMs: z
    .strictObject({ min: bodyMs, max: bodyMs })
    .refine((range) => range.min <= range.max, { path: ['max'], message: 'must not be below min' })
    .default({ min: 200, max: 3000 }),
  /** busy-after-approval: how long the service stays busy after an approval, drawn per approval (live: 30-50 s). */
  busyWindowMs: z
    .strictObject({ min: busyMs, max: busyMs })
    .refine((range) => range.min <= range.max, { path: ['max'], message: 'must not be below min' })
    .default({ min: DEFAULT_BUSY_WINDOW_MS.min, max: DEFAULT_BUSY_WINDOW_MS.max }),
  /** drip: bytes per write. */
  dripChunkBytes: z.int('must be a whole number').min(1, 'must be 1 to 65536').max(65_536, 'must be 1 to 65536').default(16),
  /** redirect: base URL the Location header points to (the request's path is appended). */
  redirectTo: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .transform((url) => url.replace(/\/+$/, ''))
    .default(DEFAULT_REDIRECT_TO),
});

export type RealWorldInput = z.input<typeof realWorldSchema>;
/** Validated, defaults filled in; the seed may still be the simulator's. */
export type RealWorldParsed = z.output<typeof realWorldSchema>;
/** What is in force: the seed is always known. */
export type RealWorldSettings = RealWorldParsed & { seed: number };

/** Rate and scope of one variant, normalised. */
export interface VariantRule {
  rate: number;
  /** null: every endpoint. */
  endpoints: ReadonlySet<EndpointName> | null;
}

export function variantRules(settings: RealWorldSettings): Map<Variant, VariantRule> {
  const rules = new Map<Variant, VariantRule>();
  for (const variant of VARIANTS) {
    const setting = settings.variants[variant];
    if (setting === undefined) continue;
    const { rate: r, endpoints: only } = typeof setting === 'number' ? { rate: setting, endpoints: undefined } : setting;
    const lookup = (LOOKUP_VARIANTS as readonly Variant[]).includes(variant);
    rules.set(variant, { rate: r, endpoints: lookup ? new Set<EndpointName>(['Status']) : only ? new Set(only) : null });
  }
  return rules;
}
