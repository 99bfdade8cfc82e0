import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SOAK_E2E_FILES, SOAK_NODE_FILES } from '../support/tier';

// The two tiers stay honest: a test file whose counts depend on the tier must also run in the soak
// (or its full count never runs anywhere), and a file listed for the soak must read the tier (or
// the soak merely repeats `npm test`).

/** Every .ts file under tests/ and the product folders, as repository paths. */
function testFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.test.ts')) found.push(path.split('\\').join('/'));
    }
  };
  for (const root of ['tests', 'electron', 'shared', 'renderer', 'simulator', 'scripts']) walk(root);
  return found.sort();
}

/** The file imports tierCount or tier (not merely these lists). */
function readsTier(file: string): boolean {
  const imported = /import \{([^}]*)\} from '(?:\.\.\/)+(?:tests\/)?support\/tier'/.exec(readFileSync(file, 'utf8'))?.[1] ?? '';
  return imported.split(',').some((name) => ['tier', 'tierCount'].includes(name.trim()));
}
const soakEntries = [...SOAK_NODE_FILES, ...SOAK_E2E_FILES];
const listed = soakEntries.filter((entry) => !entry.includes('*'));

/** A soak entry with wildcards as a regular expression: `**\/` any folders, `*` within a name. */
function globPattern(glob: string): RegExp {
  const escaped = glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replaceAll('**/', '\u0000').replaceAll('*', '[^/]*').replaceAll('\u0000', '(?:.*/)?')}$`);
}
const globs = soakEntries.filter((entry) => entry.includes('*')).map(globPattern);
const inSoak = (file: string) => listed.includes(file) || globs.some((glob) => glob.test(file));

describe('the fast and the soak tier', () => {
  it('runs every file that reads the tier in the soak too', () => {
    const missing = testFiles().filter((file) => readsTier(file) && !inSoak(file));
    expect(missing, 'add these to SOAK_NODE_FILES or SOAK_E2E_FILES (tests/support/tier.ts)').toEqual([]);
  });

  it('lists for the soak only files that exist and read the tier', () => {
    const files = testFiles();
    expect(listed.filter((file) => !files.includes(file) || !readsTier(file))).toEqual([]);
  });

  it('runs every e2e file in the soak, where the harness checks each screen in both colour schemes', () => {
    const e2e = testFiles().filter((file) => file.startsWith('tests/e2e/'));
    expect(e2e.length).toBeGreaterThan(0);
    expect(e2e.filter((file) => !inSoak(file))).toEqual([]);
    expect(readFileSync('tests/e2e/harness.ts', 'utf8')).toMatch(/import \{ tier \} from '\.\.\/support\/tier'/);
  });

  it('keeps the soak-only files where the soak project looks for them', () => {
    expect(SOAK_NODE_FILES).toContain('tests/**/*.soak.test.ts');
    const soakOnly = testFiles().filter((file) => file.endsWith('.soak.test.ts'));
    expect(soakOnly.length).toBeGreaterThan(0);
    expect(soakOnly.filter((file) => !file.startsWith('tests/'))).toEqual([]);
  });
});
