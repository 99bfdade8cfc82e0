import type { z } from 'zod';
import * as m from '../i18n/paraglide/messages/_index.js';

// Turns zod failures into field-level messages for forms and logs. The schemas in this folder
// already phrase each issue as a rule ("must be at most 50 characters", see rules.ts); this file
// only attaches the field path and flattens the two issue kinds that bundle several problems.

export interface FieldIssue {
  /** Dotted path, e.g. "Cart.Items.0.Name"; "" for the body itself. */
  path: string;
  message: string;
}

type Issue = z.core.$ZodIssue;
type Path = readonly PropertyKey[];

const joinPath = (path: Path) => path.map(String).join('.');

/**
 * A union reports every branch's failures. When exactly one branch accepted the value itself and
 * failed only on something inside it (a field of the object, an item of the list), its issues are
 * the useful ones; otherwise the union's own message ("must be X or Y") is.
 */
function unionBranch(issue: Extract<Issue, { code: 'invalid_union' }>): readonly Issue[] | undefined {
  const shaped = issue.errors.filter((branch) => branch.every((inner) => inner.path.length > 0));
  return shaped.length === 1 ? shaped[0] : undefined;
}

function flatten(issue: Issue, prefix: Path, out: FieldIssue[]): void {
  const path = [...prefix, ...issue.path];
  if (issue.code === 'unrecognized_keys') {
    // One entry per unknown key, so the form can point at the exact field.
    for (const key of issue.keys) out.push({ path: joinPath([...path, key]), message: m.rule_unknown_field() });
    return;
  }
  if (issue.code === 'invalid_union') {
    const branch = unionBranch(issue);
    if (branch) {
      for (const inner of branch) flatten(inner, path, out);
      return;
    }
  }
  out.push({ path: joinPath(path), message: issue.message });
}

/** Field path + rule message for every problem in a zod error. */
export function formatIssues(error: z.core.$ZodError): FieldIssue[] {
  const out: FieldIssue[] = [];
  for (const issue of error.issues) flatten(issue, [], out);
  return out;
}

/** One sentence for a log line or a toast: "ReferenceId must be at most 50 characters; Amount must be greater than 0". */
export function describeIssues(error: z.core.$ZodError): string {
  return formatIssues(error)
    .map(({ path, message }) => `${path || 'Body'} ${message}`)
    .join('; ');
}
