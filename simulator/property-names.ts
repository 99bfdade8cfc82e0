// How the simulated proxy matches request property names (docs/PROTOCOL.md §2.1):
//   exact (default)  names as the documents spell them; `AuthKey` is an unknown field, `Authkey` missing;
//   any-case         a top-level name that matches a documented one but for case is read as it
//                    (`AuthKey` -> `Authkey`), as ASP.NET's JSON binding does by default.
// The live service's error bodies are ASP.NET's and a public client posts `AuthKey`, but no record
// shows the service taking it: inferred, so not the default.
import type { z } from 'zod';

export const PROPERTY_NAME_MODES = ['exact', 'any-case'] as const;
export type PropertyNameMode = (typeof PROPERTY_NAME_MODES)[number];
export const DEFAULT_PROPERTY_NAME_MODE: PropertyNameMode = 'exact';

const namesOf = new WeakMap<z.ZodType, Map<string, string>>();

/** The schema's top-level names by their lower case; none for a schema that is not an object. */
function documentedNames(schema: z.ZodType): Map<string, string> {
  const known = namesOf.get(schema);
  if (known) return known;
  const shape = 'shape' in schema && typeof schema.shape === 'object' && schema.shape !== null ? Object.keys(schema.shape) : [];
  const names = new Map(shape.map((name) => [name.toLowerCase(), name]));
  namesOf.set(schema, names);
  return names;
}

/**
 * The body with its top-level names in the schema's case, a copy when any changed. A name that
 * matches no documented one stays as sent, so the unknown-field rules still see it. Nested objects
 * (Cart, CallbackInfo) keep their names: no client was seen sending those in another case.
 */
export function withDocumentedCase(schema: z.ZodType, body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const names = documentedNames(schema);
  const entries = Object.entries(body);
  if (entries.every(([key]) => (names.get(key.toLowerCase()) ?? key) === key)) return body;
  return Object.fromEntries(entries.map(([key, value]) => [names.get(key.toLowerCase()) ?? key, value]));
}
