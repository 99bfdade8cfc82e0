import { describe, expect, it } from 'vitest';
import { missingPaths, namedPaths, RepoPaths, repositoryFiles } from './doc-paths';
import { readText } from './outside-citations';

// Proves that every file or folder the Markdown pages name is in the repository, resolved the way
// a reader resolves it (doc-paths.ts says how), and that the checker reports what it should.

/** A small repository laid out like the real one. */
const sample = new RepoPaths([
  'README.md',
  'docs/ARCHITECTURE.md',
  'docs/PROTOCOL.md',
  'electron/main/index.ts',
  'electron/main/test-support/fake-electron.ts',
  'electron/preload/index.ts',
  'electron/services/journal/charge-check.ts',
  'electron/services/payments/money-move.ts',
  'electron/services/payments/run-payment.ts',
  'electron/services/terminal/terminal-call.ts',
  'renderer/lib/payment/ChargeWarning.svelte',
  'renderer/screens/payments/operations.ts',
  'renderer/state/navigation.svelte.ts',
  'shared/spin/money.ts',
  'simulator/model.ts',
  'simulator/handlers/payments.ts',
  'build/icons/16x16.png',
  'tests/integration/simulator-rules.test.ts',
  'tests/lint/doc-paths.test.ts',
]);

function missing(text: string, file = 'docs/ARCHITECTURE.md'): string[] {
  return missingPaths(file, text, sample).map((found) => `${found.line}: ${found.path} ${found.reason}`);
}

/** A Layout tree as docs/ARCHITECTURE.md draws it. */
function tree(...lines: string[]): string {
  return ['## Layout', '', '```', ...lines, '```', ''].join('\n');
}

describe('namedPaths and missingPaths (the checker itself)', () => {
  it('reports the paths of the old docs that had moved or never existed', () => {
    const old = [
      'Where the request is sent from: Sale from `renderer/state/sale.svelte.ts`; Auth from',
      '`renderer/screens/payments/operations.ts`.',
      '',
      'Requests that move no money go through `display/terminal-call.ts`; money moves through',
      '`payments/money-move.ts`.',
      '',
      '- **After every approval** (`payments/charge-check.ts`): the charge check.',
      '- **On screen**: `lib/components/ChargeWarning.svelte` on every result card.',
    ].join('\n');
    expect(missing(old)).toEqual([
      '1: renderer/state/sale.svelte.ts does not exist',
      '4: display/terminal-call.ts no file or folder in the repository ends with it',
      '7: payments/charge-check.ts no file or folder in the repository ends with it',
      '8: lib/components/ChargeWarning.svelte no file or folder in the repository ends with it',
    ]);
  });

  it('reports a planted path in prose, in a code span and in a command', () => {
    expect(missing('The rules live in electron/services/payments/no-such-file.ts.')).toEqual([
      '1: electron/services/payments/no-such-file.ts does not exist',
    ]);
    expect(missing('See `payments/nowhere.ts` and docs/NOWHERE.md.')).toEqual([
      '1: payments/nowhere.ts no file or folder in the repository ends with it',
      '1: docs/NOWHERE.md does not exist',
    ]);
    expect(missing('```sh\nnpx vitest run tests/lint/missing.test.ts\n```\n')).toEqual(['2: tests/lint/missing.test.ts does not exist']);
  });

  it('joins Layout tree names to the folders above them, and holds descriptions to their entry', () => {
    const layout = tree(
      'electron/',
      '  services/        the real work',
      '    payments/        money-move.ts (the one path) and the operations;',
      '                     run-payment.ts, the payments',
      '    terminal/        terminal-call.ts, straight to the terminal',
      'renderer/          the app',
      '  lib/               reads nothing in state/',
    );
    expect(missing(layout)).toEqual([]);
    // The name exists, but not where the tree puts it.
    expect(
      missing(tree('electron/', '  services/        the real work', '    display/         requests', '    terminal-call.ts  one call')),
    ).toEqual([
      '6: electron/services/display/ is not there, where the Layout tree puts it',
      '7: electron/services/terminal-call.ts is not there, where the Layout tree puts it',
    ]);
    // A description names a file that lives in another folder.
    expect(missing(tree('electron/', '  services/        the real work', '    payments/        terminal-call.ts, the payments'))).toEqual([
      '6: terminal-call.ts is neither inside electron/services/payments/ (the Layout tree entry that names it) nor beside it nor at the root',
    ]);
  });

  it('reads a "label:" in the tree as a group of what it names in the folder above, not as a path', () => {
    expect(
      missing(tree('simulator/         the simulator in layers', '  model:             model.ts', '  handlers:          handlers/')),
    ).toEqual([]);
    expect(missing(tree('simulator/         the simulator in layers', '  model:             model.ts, tip-mode.ts'))).toEqual([
      '5: tip-mode.ts is neither inside simulator/ (the Layout tree entry that names it) nor beside it nor at the root',
    ]);
  });

  it('needs a short path to name one file, or the folder it is in nearby', () => {
    expect(missing('`index.ts` only wires the pieces.')).toEqual([
      '1: index.ts is ambiguous (electron/main/index.ts, electron/preload/index.ts): name it from the root, or name its folder in the same paragraph',
    ]);
    expect(missing('- `electron/main`: `index.ts` only wires the pieces.')).toEqual([]);
    expect(missing('## The shells\n\n- `electron/main`: the shell.\n- `index.ts` only wires the pieces.')).toEqual([]);
  });

  it('lets pass what is not a file of the repository, and patterns that match', () => {
    const text = [
      'Built into `out/main/index.js` and `dist/`; data in `<dataDir>/diagnostics/requests.jsonl`, `seg-<n>-<yyyymmdd>.jsonl`',
      'and `checkpoint.json`. `POST /api/payments:sale`, `app://spin-desk/index.html`, `/v2/Payment/Sale`, $SIM/_sim/reset,',
      'https://spinpos.net/spin, `@shared/...`, `text/html`, Sale/Capture, and/or, I/O, 1/1001, `response.json()`, Node.js.',
      'Patterns: `*.test.ts`, `build/icons/<n>x<n>.png`, `tests/integration/simulator-`; a module without its extension:',
      "`vi.mock('electron', () => import('./test-support/fake-electron'))`, `shared/spin/money`.",
    ].join('\n');
    expect(missing(text)).toEqual([]);
    expect(missing('`build/icons/<n>x<n>.ico` and `tests/e2e/*.test.ts`')).toEqual([
      '1: build/icons/<n>x<n>.ico does not exist',
      '1: tests/e2e/*.test.ts does not exist',
    ]);
  });

  it('reads a path that climbs from the page against the page', () => {
    const code = (specifier: string) => `\`\`\`ts\nimport { toCents } from '${specifier}';\n\`\`\`\n`;
    expect(missing(code('../shared/spin/money'), 'simulator/README.md')).toEqual([]);
    expect(missing(code('../shared/spin/cents'), 'simulator/README.md')).toEqual(['2: ../shared/spin/cents does not exist']);
  });
});

describe('the pages name only what the repository has', () => {
  const files = repositoryFiles();
  const repo = new RepoPaths(files);
  const pages = files.filter((file) => file.endsWith('.md'));

  it('reads every page, and finds the Layout tree', () => {
    expect(pages).toEqual(expect.arrayContaining(['README.md', 'docs/ARCHITECTURE.md', 'docs/PROTOCOL.md', 'simulator/README.md']));
    const architecture = namedPaths('docs/ARCHITECTURE.md', readText('docs/ARCHITECTURE.md') ?? '', repo);
    expect(architecture.length).toBeGreaterThan(300);
    expect(architecture.filter((named) => named.treeEntry).map((named) => named.path)).toEqual(
      expect.arrayContaining(['electron/services/payments/', 'renderer/lib/ui/', 'shared/spin/requests/*.ts', '.github/workflows/']),
    );
  });

  it.each(pages)('%s names no file or folder that is missing', (page) => {
    const found = missingPaths(page, readText(page) ?? '', repo);
    expect(found.map((f) => `${f.file}:${f.line}: ${f.path} ${f.reason}`)).toEqual([]);
  });
});
