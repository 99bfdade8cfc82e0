import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryFiles } from './doc-paths';
import { displayLiteralsIn, STORED_MARK } from './display-literals';
import { REPO_ROOT } from './outside-citations';

// Issue 41, item 4: a message the main process or shared/ sends for a person to read comes from
// the message catalogue (docs/ARCHITECTURE.md, "Languages"); display-literals.ts says where a
// literal counts as shown.

/** The app's .ts sources of main and shared/: not tests, their helpers, or Paraglide's compiled output. */
const sources = repositoryFiles()
  .filter((file) => /^(?:electron|shared)\//.test(file) && file.endsWith('.ts') && !file.endsWith('.test.ts'))
  .filter((file) => !file.startsWith('shared/i18n/paraglide/') && !file.split('/').includes('test-support'))
  .sort();

const scans = sources.map((file) => ({ file, ...displayLiteralsIn(readFileSync(posix.join(REPO_ROOT, file), 'utf8'), file) }));

describe('messages main and shared/ send for display', () => {
  it('come from the message catalogue', () => {
    expect(sources).toContain('electron/services/to-app-error.ts');
    const stored = scans.reduce((sum, { stored }) => sum + stored.length, 0);
    console.info(`display literals: ${stored} marked "${STORED_MARK}"`);
    const literals = scans.flatMap(({ file, found }) => found.map(({ line, rule, text }) => `${file}:${line} ${rule}: ${text}`));
    expect(literals).toEqual([]);
  });
});

describe('displayLiteralsIn (the checker itself)', () => {
  const report = (source: string) => displayLiteralsIn(source).found.map(({ line, rule, text }) => `${line} ${rule}: ${text}`);

  it('finds shown words in a shown property, a shown error, a zod rule, an error box and a table of words, in any branch', () => {
    const source = [
      "const failure = { code: 'TIMEOUT', message: `No answer from ${name} in time`, remedy: 'Check the terminal.' };",
      "const verdict = { title: ok ? m.verdict_ok() : 'The address redirects', detail: said ?? 'no answer arrived' };",
      "const box = { type: 'question', buttons: ['Keep it open', m.quit()], checkboxLabel: 'Do not ask again' };",
      "throw new AppFailure('NOT_FOUND', 'No terminal is selected.', { remedy: m.pick_one() });",
      "const lost = new JournalWriteError('MOVED', undefined, `the folder ${dir} was moved`);",
      "class DataFolderBusy extends Error { constructor() { super('Another copy is using the folder'); } }",
      "const Name = z.string().check(z.maxLength(20, 'must be at most 20 characters'), z.int('must be a whole number'));",
      "const Kind = z.enum(['EBT_Food', 'EBT_Cash'], 'must be EBT_Food or EBT_Cash');",
      "const Url = z.url({ protocol: /^https$/, error: 'must be an https:// address' });",
      "const Range = Form.check(z.refine(inOrder, { path: ['to'], message: 'must be later than from' }));",
      "dialog.showErrorBox('spin-desk stopped', 'Start it again.');",
      "const REMEDY: Record<Fault, string> = { DISK_FULL: 'Free space, then try again.', 'LOCK-LOST': `Close the ${other} copy` };",
      "const words = sent ? 'The test sale was voided' : m.not_sent();",
      "const Key = z.custom<Key>(isKey, 'must be a key of the catalogue');",
    ].join('\n');
    expect(report(source)).toEqual([
      '1 message: No answer from ${name} in time',
      '1 remedy: Check the terminal.',
      '2 title: The address redirects',
      '2 detail: no answer arrived',
      '3 buttons: Keep it open',
      '3 checkboxLabel: Do not ask again',
      '4 AppFailure: No terminal is selected.',
      '5 JournalWriteError: the folder ${dir} was moved',
      '6 DataFolderBusy (super): Another copy is using the folder',
      '7 z.maxLength: must be at most 20 characters',
      '7 z.int: must be a whole number',
      '8 z.enum: must be EBT_Food or EBT_Cash',
      '9 zod error: must be an https:// address',
      '10 message: must be later than from',
      '11 dialog.showErrorBox: spin-desk stopped',
      '11 dialog.showErrorBox: Start it again.',
      '12 REMEDY: Free space, then try again.',
      '12 REMEDY: Close the ${other} copy',
      '13 words: The test sale was voided',
      '14 z.custom: must be a key of the catalogue',
    ]);
  });

  it('passes plain errors, log lines, codes and keys, catalogue calls, functions, and words marked as stored', () => {
    const source = [
      "throw new Error('The journal is closed already');",
      "const bug = new RangeError('Cents must be a whole number');",
      "console.error({ message: 'the poller stopped' }, 'Status poll failed');",
      "log.warn('Recovery gave up on the lookup');",
      "this.#log.error({ detail: 'after a crash' });",
      "const step = { reason: 'no-terminal', how: 'status-lookup', message: m.main_unexpected({ reason }) };",
      "const sql = db.prepare('SELECT id FROM entries WHERE at > ?');",
      "throw new AppFailure('BAD_INPUT', m.main_bad_input(), { remedy: m.main_fix_it() });",
      "const header = { 'Content-Type': 'text/plain; charset=utf-8', title: 'spin-desk' };",
      "const menu = { label: 'Language · Idioma', submenu: [] };",
      "const ruleMessage = (issue: Issue) => (issue.code === 'too_small' ? 'must not be empty' : m.rule_other());",
      `// ${STORED_MARK} (the journal's outcome line: support reads it, the page words it from the code)`,
      "const stored = { reason: 'found by Status after a lost answer' };",
      'const line = {',
      `  // ${STORED_MARK} (the request log)`,
      "  detail:\n    'the terminal was busy, asked again',",
      '};',
    ].join('\n');
    const scan = displayLiteralsIn(source);
    expect(scan.found).toEqual([]);
    expect(scan.stored.map(({ line, rule, text }) => `${line} ${rule}: ${text}`)).toEqual([
      '13 reason: found by Status after a lost answer',
      '17 detail: the terminal was busy, asked again',
    ]);
  });
});
