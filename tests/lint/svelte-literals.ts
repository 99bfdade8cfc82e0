import { parse } from 'svelte/compiler';

// Issue 41, item 4: a word a person reads in a Svelte component comes from the message catalogue
// (renderer/lib/i18n/messages.ts), never from a literal in the markup. Read with Svelte's own
// parser: text between tags and the text of the attributes a person sees or hears.

/** Attributes whose text is shown or read aloud (HTML, ARIA, and the app's components' props). */
const VISIBLE_ATTRIBUTES = new Set([
  'label',
  'title',
  'hint',
  'placeholder',
  'alt',
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'aria-placeholder',
  'legend',
  'caption',
  'about',
  'heading',
  'summary',
  'message',
  'description',
  // Sentence parts the components put into their own words ("Choose a terminal to {purpose}").
  'what',
  'purpose',
]);
/** A component prop named for words: submitLabel, failTitle, declinedSummary, waitMessage, terminalName. */
const VISIBLE_PROP = /(?:Label|Title|Heading|Summary|Message|Hint|Text|Caption|Name)$/;

/** At least one letter, in any script: "·", "×", "—" or "$" alone are not words. */
const WORDS = /\p{L}/u;

export interface Literal {
  line: number;
  /** "text" between tags, or the attribute's name. */
  where: string;
  text: string;
}

interface Node {
  type?: string;
  start?: number;
  name?: string;
  data?: string;
  value?: unknown;
  [key: string]: unknown;
}

function isVisibleAttribute(name: string): boolean {
  return VISIBLE_ATTRIBUTES.has(name) || VISIBLE_PROP.test(name);
}

/** The user-visible literal words of one component's markup (its script and style are not read). */
export function literalsIn(source: string): Literal[] {
  const found: Literal[] = [];
  const lineOf = (offset: number) => source.slice(0, offset).split('\n').length;
  const note = (node: Node, where: string, text: string) => {
    if (WORDS.test(text)) found.push({ line: lineOf(node.start ?? 0), where, text: text.trim() });
  };
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const child of node) walk(child);
      return;
    }
    const current = node as Node;
    if (current.type === 'Text') {
      note(current, 'text', current.data ?? '');
      return;
    }
    // style:width="{w}px" is CSS, never words.
    if (current.type === 'StyleDirective') return;
    if (current.type === 'Attribute' && current.name !== undefined) {
      // An attribute's text parts are literals only where a person sees them; class, id, role and
      // the like are not words for a person. Expressions inside ({m.x()}) are walked as code below.
      if (Array.isArray(current.value)) {
        for (const part of current.value as Node[]) {
          if (part.type === 'Text' && isVisibleAttribute(current.name)) note(part, current.name, part.data ?? '');
        }
      }
      return;
    }
    for (const [key, child] of Object.entries(current)) {
      // Expressions are code (their string literals are data, keys and classes, not markup).
      if (key === 'parent' || key === 'expression' || key === 'metadata') continue;
      walk(child);
    }
  };
  walk(parse(source, { modern: true }).fragment);
  return found;
}
