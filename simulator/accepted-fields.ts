// Which request fields the simulated proxy accepts (docs/PROTOCOL.md §2.5). The documented request
// schemas (shared/spin/requests) are what the app sends and checks; live services were seen taking
// a few fields those schemas lack, so the simulator widens them per endpoint with exactly those
// fields (the allow-list below), each still checked for its type: a boolean PrintReceipt was
// refused live. Any other field is an unknown field, and what happens to it is a switch:
//   refuse (default) HTTP 400 / 2201 naming the field, as live services answered GetToken and EnableTip;
//   accept           the field is ignored, as a lenient deployment would, so a POS developer whose
//                    client sends extras can still test against the simulator.
import { z } from 'zod';
import { Cart, CartItem, credentialFields, endpoints, envelopeOptionFields, ReceiptOption, type EndpointName } from '@shared/spin';
import { dollars, text } from '@shared/spin/rules';

export const UNKNOWN_FIELD_POLICIES = ['refuse', 'accept'] as const;
export type UnknownFieldPolicy = (typeof UNKNOWN_FIELD_POLICIES)[number];
export const DEFAULT_UNKNOWN_FIELD_POLICY: UnknownFieldPolicy = 'refuse';

const receiptChoices = { PrintReceipt: z.optional(ReceiptOption), GetReceipt: z.optional(ReceiptOption) };
const merchant = { MerchantNumber: envelopeOptionFields.MerchantNumber };
const total = () => dollars().nullable().optional();

/** A Cart as clients send it: a Total on the cart and on each item, a CommodityCode per item (not flagged live). */
const liveCart = Cart.extend({
  Total: total(),
  Items: z.array(CartItem.extend({ Total: total(), CommodityCode: text().optional() })),
});

/**
 * Endpoint -> the fields added to its documented schema. Level 3 data sent with the Sale itself
 * (`L3Data`, holding e.g. an `AutoRental` block) was approved live; its inner rules are not public,
 * so only "an object" is checked.
 */
const LIVE_ACCEPTED: Partial<Record<EndpointName, z.core.$ZodLooseShape>> = {
  Sale: { L3Data: z.record(z.string(), z.unknown(), { error: 'must be an object' }).optional(), Cart: liveCart.optional() },
  Auth: { Cart: liveCart.optional() },
  Capture: { Cart: liveCart.optional() },
  UserChoice: merchant,
  Disclaimer: merchant,
  GetSignature: merchant,
  Cart: { ...receiptChoices, Cart: liveCart },
  TipAdjust: receiptChoices,
  GetCard: { ...receiptChoices, ...merchant },
  // An integrator's live Abort carried MerchantNumber and SPInProxyTimeout beside the credentials.
  AbortTransaction: { ...receiptChoices, ...merchant, SPInProxyTimeout: credentialFields.SPInProxyTimeout },
  Settle: { PrintReceipt: receiptChoices.PrintReceipt, ...merchant },
  Summary: merchant,
};

type ObjectSchema = z.ZodObject<z.core.$ZodLooseShape>;

const widened = new Map<EndpointName, z.ZodType>();

/** The schema the simulated proxy checks `name`'s requests with: the documented one plus the allow-list. */
export function proxyRequestSchema(name: EndpointName): z.ZodType {
  const known = widened.get(name);
  if (known) return known;
  const extra = LIVE_ACCEPTED[name];
  const schema = extra ? (endpoints[name].request as ObjectSchema).extend(extra) : endpoints[name].request;
  widened.set(name, schema);
  return schema;
}

/** Refused: the schema's error, and the body it was found in (without unknown keys under `accept`). */
export type RequestCheck = { ok: true; request: Record<string, unknown> } | { ok: false; error: z.ZodError; body: unknown };

/** How many rounds of stripping are tried: unknown keys inside an unknown-free object show up one level per round. */
const MAX_STRIP_ROUNDS = 8;

/**
 * Checks a request body the way the proxy does. With `accept`, keys zod reports as unrecognized
 * are removed (from a copy) and the rest is checked again, so every other rule still refuses.
 */
export function checkRequest(name: EndpointName, body: unknown, policy: UnknownFieldPolicy): RequestCheck {
  const schema = proxyRequestSchema(name);
  let candidate = body;
  for (let round = 0; ; round++) {
    const parsed = schema.safeParse(candidate);
    if (parsed.success) return { ok: true, request: parsed.data as Record<string, unknown> };
    const unknown = parsed.error.issues.filter((issue) => issue.code === 'unrecognized_keys');
    if (policy === 'refuse' || unknown.length === 0 || round >= MAX_STRIP_ROUNDS)
      return { ok: false, error: parsed.error, body: candidate };
    candidate = withoutKeys(candidate, unknown);
  }
}

function withoutKeys(body: unknown, issues: readonly z.core.$ZodIssueUnrecognizedKeys[]): unknown {
  const copy: unknown = structuredClone(body);
  for (const issue of issues) {
    let target: unknown = copy;
    for (const step of issue.path) target = isObject(target) ? target[step as string] : undefined;
    if (isObject(target)) for (const key of issue.keys) delete target[key];
  }
  return copy;
}

function isObject(value: unknown): value is Record<PropertyKey, unknown> {
  return typeof value === 'object' && value !== null;
}
