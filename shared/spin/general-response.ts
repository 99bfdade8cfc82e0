import { z } from 'zod';
import * as m from '../i18n/paraglide/messages/_index.js';
import { normalizeResultCode, normalizeStatusCode, type ResultCode } from './result-code';
import { unionOf, withRules } from './rules';
import { looseRecord, looseString, numberish } from './tolerant';

// GeneralResponse is the one part of every answer a client must be able to read: it says whether
// the request succeeded. Spelling variations are normalised here so callers compare against '0'.

const ResultCodeField = unionOf([z.string(), z.number()], () => m.rule_text_or_number()).transform(normalizeResultCode);

const StatusCodeField = unionOf([z.string(), z.number()], () => m.rule_text_or_number()).transform(normalizeStatusCode);

/** Seconds to wait before the next request (2008). Typed number, integer or string across sources. */
const DelayField = z
  .preprocess((value) => {
    // "35 sec" style text keeps its leading number; anything unreadable means "no advice".
    const parsed = numberish(value);
    if (typeof parsed !== 'string') return parsed;
    const lead = /^\s*(\d+(?:\.\d+)?)/.exec(parsed);
    return lead ? Number(lead[1]) : null;
  }, z.number(withRules).nullable())
  .optional();

/** Text with URL escapes in it and no plain space, as in "APPROVAL%20DSC960%20": nothing else is decoded. */
const URL_ENCODED = /^[^\s]*%[0-9A-Fa-f]{2}[^\s]*$/;

/**
 * The service's words as a person reads them (docs/PROTOCOL.md §3.1): the spaces the service pads
 * them with are dropped, and a host text that arrives URL-encoded is decoded. A text that does not
 * decode cleanly is kept as sent.
 */
function readable(value: string | null | undefined): string | null | undefined {
  if (typeof value !== 'string') return value;
  if (!URL_ENCODED.test(value)) return value.trim();
  try {
    return decodeURIComponent(value).trim();
  } catch {
    return value.trim();
  }
}

const serviceWords = () => looseString().transform(readable).optional();

export const GeneralResponse = looseRecord({
  ResultCode: ResultCodeField.optional(),
  StatusCode: StatusCodeField.optional(),
  Message: serviceWords(),
  DetailedMessage: serviceWords(),
  DelayBeforeNextRequest: DelayField,
  /** Only in payment-result records: the processor's own code and text, passed through. */
  HostResponseCode: looseString(),
  HostResponseMessage: serviceWords(),
})
  .superRefine((value, ctx) => {
    if (value.ResultCode === undefined && value.StatusCode === undefined) {
      ctx.addIssue({ code: 'custom', path: ['ResultCode'], message: m.rule_result_code_required() });
    }
  })
  .transform((value) => ({
    ...value,
    // docs/PROTOCOL.md §8.1: ResultCode is the first digit of StatusCode, so a missing one can be derived.
    ResultCode: (value.ResultCode ?? normalizeResultCode(value.StatusCode?.charAt(0) ?? '')) as ResultCode,
    /** Always text so callers can compare and display it; '' when the server sent none. */
    StatusCode: value.StatusCode ?? '',
  }));

export type GeneralResponse = z.output<typeof GeneralResponse>;

const LIFTED = [
  'ResultCode',
  'StatusCode',
  'Message',
  'DetailedMessage',
  'DelayBeforeNextRequest',
  'HostResponseCode',
  'HostResponseMessage',
] as const;

/**
 * Some servers put ResultCode/StatusCode at the top level instead of inside GeneralResponse
 * (docs/PROTOCOL.md §3.1). Copy them into a GeneralResponse so every reader finds them in one place;
 * the top-level originals stay where they were. DelayBeforeNextRequest has been seen at the top level
 * beside a GeneralResponse too (§9.3): when the GeneralResponse gives none, the top-level one is copied in.
 */
export function liftGeneralResponse(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const record = body as Record<string, unknown>;
  const gr = record.GeneralResponse;
  if (gr != null) {
    const inner = typeof gr === 'object' && !Array.isArray(gr) ? (gr as Record<string, unknown>) : null;
    const outer = record.DelayBeforeNextRequest;
    return inner && inner.DelayBeforeNextRequest == null && outer != null
      ? { ...record, GeneralResponse: { ...inner, DelayBeforeNextRequest: outer } }
      : body;
  }
  if (!('ResultCode' in record || 'StatusCode' in record)) return body;
  const lifted: Record<string, unknown> = {};
  for (const key of LIFTED) if (key in record) lifted[key] = record[key];
  return { ...record, GeneralResponse: lifted };
}

/** Builds an endpoint's response schema: required GeneralResponse, tolerant data fields, unknown keys kept. */
export function responseSchema<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.preprocess(liftGeneralResponse, looseRecord({ GeneralResponse, ...shape }));
}
