// Two more ways a live answer is written, beside rewrite.ts's: the shape of the vendor's own sample
// answer, and DelayBeforeNextRequest at the top level of the body (docs/PROTOCOL.md §3.2, §9.3).
// Each changes a copy of the answer in place and says whether it changed anything.
import { isObject, recordsOf } from './rewrite';

type Json = Record<string, unknown>;

/** Fields the docs' sample answer does not carry at all. */
const ABSENT_IN_SAMPLE = ['Token', 'PNReferenceId', 'MerchantName', 'Signature'] as const;
/** Amounts the sample sends as null where the simulator would send 0. */
const NULL_WHEN_ZERO = ['TipAmount', 'FeeAmount', 'TaxAmount'] as const;

function sampleRecord(record: Json): boolean {
  let changed = false;
  const amounts = record.Amounts;
  if (isObject(amounts)) {
    for (const key of NULL_WHEN_ZERO) {
      if (amounts[key] === 0) {
        amounts[key] = null;
        changed = true;
      }
    }
  }
  for (const key of ABSENT_IN_SAMPLE) {
    if (key in record) {
      delete record[key];
      changed = true;
    }
  }
  // Keyed by the application in upper case ("DISCOVER"), not in the CardType's casing.
  const extended = record.ExtendedDataByApplication;
  if (isObject(extended)) {
    record.ExtendedDataByApplication = Object.fromEntries(Object.entries(extended).map(([key, value]) => [key.toUpperCase(), value]));
    changed = changed || Object.keys(extended).some((key) => key !== key.toUpperCase());
  }
  return changed;
}

/**
 * The docs' sample shape where it differs from production's: zero Tip/Fee/Tax amounts as null (the
 * production answers send 0.00), no Signature even when one was captured, extended data keys in
 * upper case. The URL-encoded host text and the padded DetailedMessage were the sample's once;
 * production answers carry them too, so plain mode sends them (render.ts).
 */
export function docsSample(body: Json): boolean {
  let changed = false;
  for (const record of recordsOf(body)) if (sampleRecord(record)) changed = true;
  return changed;
}

/** DelayBeforeNextRequest moved out of GeneralResponse to the top level of the body. */
export function delayTopLevel(body: Json): boolean {
  const gr = body.GeneralResponse;
  if (!isObject(gr) || !('DelayBeforeNextRequest' in gr)) return false;
  body.DelayBeforeNextRequest = gr.DelayBeforeNextRequest;
  delete gr.DelayBeforeNextRequest;
  return true;
}
