import { describe, expect, it } from 'vitest';
import {
  citedProtocolSections,
  findOutsideCitations,
  protocolSections,
  readText,
  trackedFiles,
  type OutsideCitation,
} from './outside-citations';

// Proves that no tracked file cites a document outside the repository, and that every section of
// docs/PROTOCOL.md a file cites exists. The notes' names are built from pieces so that this file
// does not trip its own check.
const notes = { iface: 'INTER' + 'FACE', ref: 'REFER' + 'ENCE', design: 'DES' + 'IGN' };
const up = '../';

function reasons(file: string, text: string): string[] {
  return findOutsideCitations(file, text).map((finding) => finding.reason);
}

describe('findOutsideCitations (the checker itself)', () => {
  it.each([
    ['electron/services/payments/void.ts', `/** Cancels a transaction (${notes.ref} §4.5). */`, /cites/],
    ['shared/spin/enums.ts', `// lists eight values (${notes.ref} addendum)`, /cites/],
    ['shared/spin/cart.ts', `// The Cart (${notes.iface} "Cart").`, /cites/],
    ['renderer/lib/x.ts', `// the shape ${notes.iface} gives`, /cites/],
    ['shared/spin/requests.test.ts', `  it('accepts the ${notes.iface}-shaped example', () => {`, /cites/],
    ['eslint.config.js', `/** The process boundaries of ${notes.design}.md. */`, /names/],
    ['simulator/README.md', `Facts come from \`shared/spin/${notes.ref}.md\`.`, /names/],
    ['docs/ARCHITECTURE.md', `Facts come from \`${up}shared/spin/${notes.iface}.md\`.`, /names/],
    ['docs/ARCHITECTURE.md', `The notes in ${up}${up}shared/spin/ say so.`, /leaves the repository/],
    ['.ci/run', `# a clean clone of main with ${up}shared beside it`, /leaves the repository when read from the repository root/],
    ['shared/spin/codes.ts', `// see ${up}${up}${up}shared/notes.txt`, /leaves the repository \(from shared\/spin\/codes\.ts/],
  ])('catches a planted citation in %s', (file, text, expected) => {
    const found = reasons(file, text);
    expect(found.length).toBeGreaterThan(0);
    expect(found.join('\n')).toMatch(expected);
  });

  it('reports the line and the text of each finding', () => {
    const text = `line one\n// ok\n// as ${notes.ref} §2.2 says\n`;
    expect(findOutsideCitations('shared/spin/x.ts', text)).toEqual<OutsideCitation[]>([
      {
        file: 'shared/spin/x.ts',
        line: 3,
        text: `// as ${notes.ref} §2.2 says`,
        reason: expect.stringMatching(/cites/) as unknown as string,
      },
    ]);
  });

  it.each([
    // Imports climb to the top-level shared/ folder, which is inside the repository.
    ['electron/services/payments/sale.ts', `import { toDollars } from '${up}${up}${up}shared/spin/money';`],
    [
      'renderer/screens/history/test-harness/FilterFormHarness.svelte',
      `  import type { JournalFilter } from '${up}${up}${up}${up}shared/ipc/journal-views';`,
    ],
    ['tests/e2e/batch.test.ts', `} from '${up}${up}shared/spin/codes';`],
    ['simulator/README.md', `import { startSimulator } from '${up}simulator';`],
    ['electron/host/cli.ts', `readFileSync(new URL('${up}${up}package.json', import.meta.url), 'utf8')`],
    // Identifiers, the protocol page and paths inside a URL are not citations.
    ['shared/spin/common.ts', 'export const REFERENCE_ID_PATTERN = /^[A-Za-z0-9_-]*$/;'],
    ['shared/spin/common.ts', '// limits come from docs/PROTOCOL.md §2 and §7'],
    ['electron/host/host-server.test.ts', `send(host, { path: '/${up}${up}etc/passwd' })`],
    ['tests/integration/simulator-rules.test.ts', `it('answers with 2/2008 (/_sim/.../in-use)', () => {`],
    ['docs/ARCHITECTURE.md', 'The design rules are in docs/SECURITY.md and the reference ids are checked.'],
  ])('lets %s pass', (file, text) => {
    expect(findOutsideCitations(file, text)).toEqual([]);
  });
});

describe('citedProtocolSections', () => {
  it('reads single sections, lists and ranges', () => {
    expect(citedProtocolSections('(docs/PROTOCOL.md §4.5, §4.6) and docs/PROTOCOL.md §2 and §7')).toEqual(['4.5', '4.6', '2', '7']);
    expect(citedProtocolSections('lookups (docs/PROTOCOL.md §4.8–§4.10)')).toEqual(['4.8', '4.10']);
    expect(citedProtocolSections('`docs/PROTOCOL.md` §4 has it; RFC 9110 §15.4 is not ours')).toEqual(['4']);
  });
});

describe('the repository stands on its own', () => {
  const files = trackedFiles();
  const texts = files.flatMap((file) => {
    const text = readText(file);
    return text === null ? [] : [{ file, text }];
  });

  it('lists the tracked files', () => {
    expect(files).toContain('docs/PROTOCOL.md');
    expect(texts.length).toBeGreaterThan(100);
  });

  it('cites no document outside the repository in any tracked file', () => {
    const findings = texts.flatMap(({ file, text }) => findOutsideCitations(file, text));
    expect(findings.map((f) => `${f.file}:${f.line}: ${f.reason}\n    ${f.text}`)).toEqual([]);
  });

  it('cites only sections that docs/PROTOCOL.md has', () => {
    const protocol = texts.find(({ file }) => file === 'docs/PROTOCOL.md')?.text ?? '';
    const sections = protocolSections(protocol);
    expect(sections.size).toBeGreaterThan(50);
    const missing = texts.flatMap(({ file, text }) =>
      citedProtocolSections(text)
        .filter((section) => !sections.has(section))
        .map((section) => `${file} cites docs/PROTOCOL.md §${section}`),
    );
    // Cross-references inside the page itself ("(§4.19)"), up to its list of sources, whose RFC
    // section numbers are not ours.
    const body = protocol.slice(0, protocol.search(/^## \d+\. Sources/m));
    for (const match of body.matchAll(/§(\d+(?:\.\d+)*)/g)) {
      if (!sections.has(match[1] ?? '')) missing.push(`docs/PROTOCOL.md refers to its own §${match[1]}`);
    }
    expect(missing).toEqual([]);
  });
});
