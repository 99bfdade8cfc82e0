import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryFiles } from './doc-paths';
import { REPO_ROOT } from './outside-citations';
import { literalsIn } from './svelte-literals';

// Issue 41, item 4: no user-visible literal words in a Svelte component; they come from the
// message catalogue (docs/ARCHITECTURE.md, "Languages").

/**
 * Every component a person sees. The test harnesses beside component tests (test-harness/ folders)
 * are fixtures that only a test mounts: their words are the test's, not the app's.
 */
const components = repositoryFiles()
  .filter((file) => file.startsWith('renderer/') && file.endsWith('.svelte') && !file.includes('/test-harness/'))
  .sort();

function literalsOf(file: string): string[] {
  return literalsIn(readFileSync(posix.join(REPO_ROOT, file), 'utf8')).map(({ line, where, text }) => `${file}:${line} ${where}: ${text}`);
}

describe('user-visible words in Svelte components', () => {
  it('come from the message catalogue in every component', () => {
    expect(components).toContain('renderer/App.svelte');
    expect(components.flatMap(literalsOf)).toEqual([]);
  });
});

describe('literalsIn (the checker itself)', () => {
  it('finds words between tags and in the attributes a person sees or hears', () => {
    const found = literalsIn(
      [
        '<script lang="ts">const label = "not markup";</script>',
        '<h2>Settle the batch</h2>',
        '<button aria-label="Dismiss" title="Close it" class="close wide" id="dismiss">×</button>',
        '<FormCard label="Sale" submitLabel="Charge {amount}" kind="sale" />',
        '{#if open}<p>Total: {total}</p>{:else}<input placeholder="Amount" alt="x" />{/if}',
        '<style>p::after { content: "styled"; }</style>',
      ].join('\n'),
    );
    expect(found.map(({ line, where, text }) => `${line} ${where}: ${text}`)).toEqual([
      '2 text: Settle the batch',
      '3 aria-label: Dismiss',
      '3 title: Close it',
      '4 label: Sale',
      '4 submitLabel: Charge',
      '5 text: Total:',
      '5 placeholder: Amount',
      '5 alt: x',
    ]);
  });

  it('passes words that come from expressions, punctuation alone, and attributes that are not words', () => {
    const source = [
      '<h2>{m.title()}</h2>',
      '<span class="muted">· {m.hint({ time })}</span>',
      '<button aria-label={m.dismiss()} class="close" type="button" role="status">×</button>',
      '<FormCard label={m.sale()} kind="sale" tone="warn" />',
      '<!-- a comment is for the reader of the code -->',
      '<div style:color="var(--{tone})" style:background="var(--{tone}-bg)"></div>',
    ].join('\n');
    expect(literalsIn(source)).toEqual([]);
  });
});
