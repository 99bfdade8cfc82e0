import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { channels, contract } from '@shared/ipc/contract';
import { endpointNames } from '@shared/spin/endpoints';
import { createSpinClient } from '../../electron/services/spin/spin-client';
import { REPO_ROOT } from './outside-citations';

// docs/ARCHITECTURE.md is the map a newcomer reads first, so what it claims is checked here rather
// than trusted: it stays short enough to read in one sitting, every channel a map page names is
// one the contract has, and the service layers it lists are the ones dependency-cruiser enforces.
// (tests/lint/operations-table.test.ts checks its operations table row by row against the code,
// and tests/lint/doc-paths.test.ts every path it names.)

const MAP = 'docs/ARCHITECTURE.md';
const MAX_LINES = 300;
/** The pages that hold the depth the map points to. */
const FOLDER_READMES = [
  'electron/README.md',
  'electron/services/README.md',
  'renderer/README.md',
  'shared/README.md',
  'tests/README.md',
  'bench/README.md',
];

const read = (path: string) => readFileSync(join(REPO_ROOT, path), 'utf8');

/** Every code span that is a whole channel name (`payments:sale`), with its line; Node's `node:dns` is none. */
export function namedChannels(markdown: string): { channel: string; line: number }[] {
  return markdown.split('\n').flatMap((text, index) =>
    [...text.matchAll(/`((?!node:)[a-z][A-Za-z0-9]*:[a-z][A-Za-z0-9]*)`/g)].map((match) => ({
      channel: match[1] ?? '',
      line: index + 1,
    })),
  );
}

/** The service layers, lowest first, as the map's "Layers" rule lists them: `a, b | c | ...`. */
export function mapLayers(markdown: string): string[][] {
  const rule = /ones, lowest first: ([a-z\-, |\n]+?);/.exec(markdown)?.[1];
  if (!rule) throw new Error(`${MAP} lists no service layers ("... ones, lowest first: a, b | c | ...;")`);
  return rule
    .replace(/\s+/g, ' ')
    .split('|')
    .map((layer) =>
      layer
        .split(',')
        .map((folder) => folder.trim())
        .filter(Boolean),
    );
}

interface Rule {
  name: string;
  from: { path?: string };
  to: { path?: string };
}

/** The service layers as .dependency-cruiser.cjs enforces them: each layer rule's `from`, then the top layer. */
function enforcedLayers(): string[][] {
  const config = createRequire(import.meta.url)(join(REPO_ROOT, '.dependency-cruiser.cjs')) as { forbidden: Rule[] };
  const folders = (pattern: string | undefined) => (/^\^electron\/services\/\((.+)\)\/$/.exec(pattern ?? '')?.[1] ?? '').split('|');
  const rules = config.forbidden.filter((rule) => rule.name.startsWith('services-layer-'));
  expect(rules.length).toBeGreaterThan(1);
  const below = rules.map((rule) => folders(rule.from.path));
  const top = folders(rules.at(-1)?.to.path);
  return [...below, top];
}

describe(`${MAP}, the map`, () => {
  it(`stays at most ${MAX_LINES} lines`, () => {
    const lines = read(MAP).split('\n').length - 1;
    expect(lines, `${MAP} has ${lines} lines; move the depth to a folder README or a comment`).toBeLessThanOrEqual(MAX_LINES);
  });

  it('names the channels of the contract and no other, on the map and the folder pages', () => {
    const known = new Set(Object.keys(contract));
    const unknown = [MAP, ...FOLDER_READMES].flatMap((page) =>
      namedChannels(read(page))
        .filter(({ channel }) => !known.has(channel))
        .map(({ channel, line }) => `${page}:${line}: ${channel}`),
    );
    expect(unknown).toEqual([]);
    // The map's "Every operation" table alone names over twenty: the check has something to bite on.
    expect(namedChannels(read(MAP)).length).toBeGreaterThan(20);
  });

  it("says the channel names are the contract's keys, which holds: no second list", () => {
    expect(read(MAP)).toMatch(/the channel names are its keys\s+\(`channels`\)/);
    expect(read(MAP)).not.toContain('channels.ts');
    expect([...channels].sort()).toEqual(Object.keys(contract).sort());
  });

  it('says the SPIn client exposes one generic call, not a function per endpoint, which holds', () => {
    const map = read(MAP);
    expect(map).toContain('`createSpinClient(target).call(');
    expect(map).not.toMatch(/one function per endpoint/i);
    // A client built for real (nothing is sent): one `call`, no function named after an endpoint.
    const client = createSpinClient({ baseUrl: 'http://127.0.0.1:9', tpn: 'FAKE-TPN', authkey: 'fake-authkey' });
    expect(client.call).toBeTypeOf('function');
    expect(Object.keys(client).filter((key) => (endpointNames as readonly string[]).includes(key))).toEqual([]);
  });

  it('lists the service layers .dependency-cruiser.cjs enforces, lowest first', () => {
    expect(mapLayers(read(MAP))).toEqual(enforcedLayers());
  });

  it('the checkers catch what they should', () => {
    expect(namedChannels('x `payments:sale` and `store:nowhere`; `app://spin-desk/`, `node:dns` and `a:b c`')).toEqual([
      { channel: 'payments:sale', line: 1 },
      { channel: 'store:nowhere', line: 1 },
    ]);
    expect(mapLayers('imports only lower\n  ones, lowest first: a, b | c |\n  d-e;')).toEqual([['a', 'b'], ['c'], ['d-e']]);
    expect(() => mapLayers('no layers here')).toThrow(/lists no service layers/);
  });
});
