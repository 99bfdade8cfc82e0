import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { fileURLToPath } from 'node:url';

// The repository must stand on its own: no tracked file may cite a document that lives outside
// it. The team's private notes (an interface description, a reference and design notes, kept in a
// folder beside the clone) are the ones that used to be cited; the protocol facts the code relies
// on are in docs/PROTOCOL.md, the design rules in docs/ARCHITECTURE.md and docs/SECURITY.md.
//
// The notes' names are put together from pieces so that this file does not cite them itself.

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

const NOTE_NAMES = ['INTER' + 'FACE', 'REFER' + 'ENCE', 'DES' + 'IGN'];
/** The two notes that comments used to cite by their bare name, often with a section number. */
const CITED_BY_NAME = NOTE_NAMES.slice(0, 2);

const NOTE_FILE = new RegExp(`\\b(?:${NOTE_NAMES.join('|')})\\.md\\b`, 'gi');
// Upper case, as the notes are named; an identifier such as REFERENCE_ID_PATTERN is not a citation.
const NOTE_BY_NAME = new RegExp(`(?<![\\w-])(?:${CITED_BY_NAME.join('|')})(?!\\w)`, 'g');
// A run of ../ at the start of a path (not inside "/../" or "..../"), and the path after it.
const CLIMBING_PATH = /(?<![\w./])(?:\.\.\/)+[\w.@-]*(?:\/[\w.@-]+)*/g;
// An import or require specifier, whose relative path is always resolved against the file's folder.
const MODULE_SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*|\bmock\s*\(\s*|new URL\s*\(\s*)['"`]$/;
// Files whose prose names paths from the repository root by habit (docs, CI scripts, configs).
const ROOT_RELATIVE_PROSE = /(?:\.md|\.ya?ml|\.sh|^\.ci\/[^/.]+)$/;

export interface OutsideCitation {
  file: string;
  line: number;
  text: string;
  reason: string;
}

function escapes(resolved: string): boolean {
  return resolved === '..' || resolved.startsWith('../');
}

/**
 * Every place in one file's text that cites something outside the repository. `file` is the path
 * relative to the repository root, with forward slashes (as `git ls-files` prints it).
 */
export function findOutsideCitations(file: string, text: string): OutsideCitation[] {
  const found: OutsideCitation[] = [];
  const folder = posix.dirname(file);
  const lines = text.split('\n');
  lines.forEach((lineText, index) => {
    const at = (reason: string) => found.push({ file, line: index + 1, text: lineText.trim(), reason });
    for (const match of lineText.matchAll(NOTE_FILE)) {
      at(`names ${match[0]}, a note outside the repository: cite docs/PROTOCOL.md, docs/ARCHITECTURE.md or docs/SECURITY.md`);
    }
    for (const match of lineText.matchAll(NOTE_BY_NAME)) {
      at(`cites ${match[0]} (the team's notes outside the repository): cite a docs/PROTOCOL.md section instead`);
    }
    for (const match of lineText.matchAll(CLIMBING_PATH)) {
      const path = match[0];
      const before = lineText.slice(0, match.index);
      const fromFile = posix.normalize(posix.join(folder, path));
      if (escapes(fromFile)) {
        at(`${path} leaves the repository (from ${file} it is ${fromFile})`);
      } else if (!MODULE_SPECIFIER.test(before) && ROOT_RELATIVE_PROSE.test(file) && escapes(posix.normalize(path))) {
        at(`${path} leaves the repository when read from the repository root, as prose in ${file} usually is`);
      }
    }
  });
  return found;
}

/** Tracked files, as git lists them (paths relative to the root, forward slashes). */
export function trackedFiles(root: string = REPO_ROOT): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
}

const BINARY = /\.(?:png|jpe?g|gif|ico|icns|webp|woff2?|ttf|zip|gz|pdf)$/i;

/** The text of a tracked file, or null for binary files. */
export function readText(file: string, root: string = REPO_ROOT): string | null {
  if (BINARY.test(file)) return null;
  const text = readFileSync(posix.join(root, file), 'utf8');
  return text.includes('\0') ? null : text;
}

// ---- citations of docs/PROTOCOL.md sections -------------------------------------------------

/** Section numbers of PROTOCOL.md's numbered headings: "## 4. Endpoints" -> 4, "### 4.1 Sale" -> 4.1. */
export function protocolSections(markdown: string): Set<string> {
  const sections = new Set<string>();
  for (const match of markdown.matchAll(/^#{2,4} (\d+(?:\.\d+)*)\.?\s/gm)) sections.add(match[1] ?? '');
  return sections;
}

// "PROTOCOL.md §4.5, §4.6", "PROTOCOL.md §4.8–§4.10", "PROTOCOL.md §2 and §7"; "PROTOCOL.md`" too.
const PROTOCOL_CITATION = /PROTOCOL\.md`?\)?\s*((?:§\d+(?:\.\d+)*(?:\s*(?:,|and|or|to|–|-|\/)\s*)?)+)/g;

/** The PROTOCOL.md sections one text cites ("4.5", "4.6", ...). */
export function citedProtocolSections(text: string): string[] {
  const cited: string[] = [];
  for (const match of text.matchAll(PROTOCOL_CITATION)) {
    for (const section of (match[1] ?? '').matchAll(/§(\d+(?:\.\d+)*)/g)) cited.push(section[1] ?? '');
  }
  return cited;
}
