// Issue 28, item 6: nothing the terminal can take is unreachable by accident. Every top-level field
// of every endpoint's request schema is either one the main process can put on the wire (read from
// its code: sent-fields.ts) or listed in docs/ARCHITECTURE.md, "Request fields no screen sends",
// with a reason. The list is pinned both ways: a field sent now, or one no schema has, fails too.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared/spin';
import { SentFields } from './sent-fields';

const SECTION = '## Request fields no screen sends';
const EVERY_FIELD = 'every field';

interface Row {
  endpoints: string[];
  /** Field names, or null for "every field". */
  fields: string[] | null;
  reason: string;
  line: string;
}

/** The rows of the section's table (header and rule lines skipped). */
function leftOutRows(markdown: string): Row[] {
  const start = markdown.indexOf(SECTION);
  if (start < 0) return [];
  const rest = markdown.slice(start + SECTION.length);
  const end = rest.search(/^## /m);
  const lines = (end < 0 ? rest : rest.slice(0, end)).split('\n').filter((line) => line.startsWith('|'));
  return lines.slice(2).map((line) => {
    const [names = '', fields = '', reason = ''] = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    return {
      endpoints: names.split(',').map((name) => name.trim()),
      fields: fields === EVERY_FIELD ? null : [...fields.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? ''),
      reason,
      line,
    };
  });
}

const schemaFields = (name: string): string[] =>
  Object.keys((endpoints as Record<string, { request: { shape: Record<string, unknown> } }>)[name]?.request.shape ?? {});

describe('every request field is sent by main or listed as left out, with the reason', () => {
  let sent: SentFields;
  let rows: Row[];
  beforeAll(() => {
    sent = new SentFields(process.cwd());
    rows = leftOutRows(readFileSync('docs/ARCHITECTURE.md', 'utf8'));
  }, 120_000);

  const listed = (endpoint: string, field: string) =>
    rows.some((row) => row.endpoints.includes(endpoint) && (row.fields === null || row.fields.includes(field)));

  it('reads what main sends from its code (the reading itself works)', () => {
    // Sale's fields come from four builders and helpers; the client adds the credentials.
    for (const field of ['Amount', 'TipAmount', 'CustomFee', 'ExternalReceipt', 'Cart', 'PrintReceipt', 'CustomFields', 'Tpn']) {
      expect(sent.sends('Sale', field), field).toBe(true);
    }
    expect(sent.sends('TipAdjust', 'TipIndicator')).toBe(true);
    expect(sent.sends('Summary', 'Tpn')).toBe(true);
    // A Return carries no tip: its builder does not spread Sale's fields.
    expect(sent.sends('Return', 'TipAmount')).toBe(false);
    expect(sent.sends('Disclaimer', 'Tpn')).toBe(false);
  });

  it('no field is unreachable without a reason in docs/ARCHITECTURE.md', () => {
    const missing = Object.keys(endpoints).flatMap((name) =>
      schemaFields(name)
        .filter((field) => !sent.sends(name, field) && !listed(name, field))
        .map((field) => `${name}.${field}`),
    );
    expect(missing, `neither sent by main nor listed under "${SECTION}"`).toEqual([]);
  });

  it('every listed field exists, is really left out, and has its reason', () => {
    expect(rows.length).toBeGreaterThan(0);
    const stale = rows.flatMap((row) =>
      row.endpoints.flatMap((name) => {
        if (!(name in endpoints)) return [`${name}: no such endpoint`];
        const fields = row.fields ?? schemaFields(name);
        return fields.flatMap((field) => {
          if (!schemaFields(name).includes(field)) return [`${name}.${field}: not in the request schema`];
          return sent.sends(name, field) ? [`${name}.${field}: main sends it now; take it off the list`] : [];
        });
      }),
    );
    expect(stale).toEqual([]);
    expect(rows.filter((row) => row.reason === '' || (row.fields !== null && row.fields.length === 0)).map((row) => row.line)).toEqual([]);
  });
});
