import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { posix } from 'node:path';
import { REPO_ROOT } from './outside-citations';

// The map must match the territory: every file or folder the Markdown pages name has to be in the
// repository. Pages name paths in three ways, and each is resolved the way a reader would:
//
// - from the repository root (`electron/services/payments/sale.ts`, `docs/PROTOCOL.md`): the path
//   must exist exactly;
// - in the Layout tree of docs/ARCHITECTURE.md, where indentation nests each name in the folder
//   above it (`payments/` under `services/` under `electron/`): the joined path must exist, and a
//   file named in an entry's description must lie somewhere inside that entry's folder;
// - short, from the middle of the tree (`payments/money-move.ts`, `lib/ui/FormCard.svelte`,
//   `index.ts`): some file or folder must end with it, and when several do, one of them must lie
//   in a folder the same paragraph or section names from the root (`electron/main` ... `index.ts`).
//
// `*` and `<placeholder>` stand for any part of one name (`build/icons/<n>x<n>.png`); a name
// ending in `-` is a prefix (a test filter such as `tests/integration/simulator-`). A module may be
// named without its extension, as imports name it.

export interface NamedPath {
  file: string;
  line: number;
  path: string;
  /** Folders (from the root, no trailing slash) to look in first, nearest first. */
  context: string[];
  /** Named in the description of a Layout tree entry: it must lie inside `context[0]`. */
  inTree?: boolean;
  /** An entry of the Layout tree itself: its joined path must exist exactly. */
  treeEntry?: boolean;
}

export interface MissingPath {
  file: string;
  line: number;
  path: string;
  reason: string;
}

/** File names a page may name that are never in the repository: build output, data files, other programs. */
const NOT_IN_REPOSITORY: readonly RegExp[] = [
  /^out\//, // the build's output
  /^dist\//, // the installers electron-builder writes
  /^node_modules\//,
  /^\.spin-desk-data\//, // the data folder of a development run
  /^<[\w-]+>\//, // somewhere on the user's disk (`<dataDir>/diagnostics/requests.jsonl`)
  /\.jsonl$/, // journal segments and the request log, in the data folder
  /^(?:checkpoint\.json|spin-desk\.lock)$/, // the journal's checkpoint and the data folder's lock
  /^update-policy\.json$/, // a managed store's update policy, in the data folder
  /^(?:app-update|latest(?:-mac|-linux|\*)?|<channel>(?:-mac|-linux)?)\.yml$/, // the update feed electron-builder writes
  /^(?:text|application)\/[\w.+-]+$/, // media types
  /^Node\.js$/, // the runtime, not a file
  /^electron\.d\.ts$/, // Electron's own typings, in node_modules
];

const FILE_EXTENSION = /\.(?:ts|svelte|md|mjs|cjs|js|json|ya?ml|css|plist|svg|ico|icns|png|html|lock|sh)$/;
/** Extensions an import leaves off. */
const MODULE_EXTENSIONS = ['.ts', '.svelte', '.js', '.mjs', '.cjs', '.svelte.ts'];

// A run of path characters that starts after a space, quote, bracket or the like (never inside a
// word, a URL or an absolute path such as /v2/Payment/Sale or $SIM/_sim/reset).
const TOKEN = /(?<![\w.@$/<>:*\\-])(?:\.{1,2}\/)*[\w.<>*@-]+(?:\/[\w.<>*@-]+)*\/?/g;
// Segments of a path written in lower case (`lib/ui`, `screens/payments/`), placeholders allowed.
const LOWER_SEGMENTS = /^(?:\.{1,2}\/)*[a-z.*<][\w.<>*-]*(?:\/[a-z.*<][\w.<>*-]*)*\/?$/;

/**
 * The repository's files: tracked, or new and not ignored (a page may name a file before it is
 * committed; build output and node_modules are ignored), and still on disk.
 */
export function repositoryFiles(root: string = REPO_ROOT): string[] {
  return execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((file) => file && existsSync(posix.join(root, file)));
}

/** The repository's files and the folders they are in. */
export class RepoPaths {
  readonly folders: ReadonlySet<string>;
  readonly topLevel: ReadonlySet<string>;
  readonly #all: readonly { path: string; folder: boolean }[];

  constructor(tracked: readonly string[]) {
    const folders = new Set<string>();
    for (const file of tracked) {
      for (let at = file.indexOf('/'); at !== -1; at = file.indexOf('/', at + 1)) folders.add(file.slice(0, at));
    }
    this.folders = folders;
    this.topLevel = new Set(tracked.map((file) => file.split('/')[0] as string));
    this.#all = [...tracked.map((path) => ({ path, folder: false })), ...[...folders].map((path) => ({ path, folder: true }))];
  }

  /** Files and folders that `path` names, read from the root, or (`anchored` false) ending with it. */
  find(path: string, anchored: boolean): string[] {
    const folderOnly = path.endsWith('/');
    const body = path.replace(/\/$/, '');
    const pattern = body
      .split(/(\*|<[\w-]+>)/)
      .map((part) => (part === '*' || /^<[\w-]+>$/.test(part) ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
      .join('')
      .replace(/-$/, '-[^/]*');
    const withExtension =
      FILE_EXTENSION.test(body) || folderOnly ? '' : `(?:${MODULE_EXTENSIONS.map((e) => e.replaceAll('.', '\\.')).join('|')})?`;
    const regex = new RegExp(`${anchored ? '^' : '(?:^|/)'}${pattern}${withExtension}$`);
    return this.#all.filter((entry) => (!folderOnly || entry.folder) && regex.test(entry.path)).map((entry) => entry.path);
  }

  isRooted(path: string): boolean {
    return this.topLevel.has(path.replace(/^\.\//, '').split('/')[0] ?? '');
  }
}

/** Whether a token read from a page names a file or folder, and the path without trailing punctuation. */
function asPath(raw: string, code: boolean, repo: RepoPaths): string | undefined {
  const token = raw.replace(/\.+$/, '');
  if (token.startsWith('@') || !/^(?:[^<>]|<[\w-]+>)*$/.test(token)) return undefined;
  if (FILE_EXTENSION.test(token)) return token;
  if (!token.includes('/')) return undefined;
  if (repo.isRooted(token)) return token;
  // Elsewhere a slash often joins words ("and/or", "Sale/Capture"): only lower-case names count,
  // in code, or in prose when they end with a slash ("state/, screens/ or shell/").
  if (LOWER_SEGMENTS.test(token) && (code || token.endsWith('/'))) return token;
  return undefined;
}

function tokens(text: string, code: boolean, repo: RepoPaths): string[] {
  // A name called like a function (`response.json()`) is code, not a file.
  return [...text.matchAll(TOKEN)].flatMap((match) =>
    text[match.index + match[0].length] === '(' ? [] : (asPath(match[0], code, repo) ?? []),
  );
}

/** Splits a line of Markdown into its code spans and the prose around them. */
function pieces(line: string): { text: string; code: boolean }[] {
  return line.split(/(`[^`]*`)/).map((text) => (text.startsWith('`') ? { text: text.slice(1, -1), code: true } : { text, code: false }));
}

interface Mention {
  line: number;
  path: string;
}

/** Folders that paths named from the root point into: a folder itself, a file's folder. */
function rootFolders(mentions: readonly Mention[], repo: RepoPaths): string[] {
  const folders = new Set<string>();
  for (const { path } of mentions) {
    if (!repo.isRooted(path)) continue;
    for (const found of repo.find(path, true)) folders.add(repo.folders.has(found) ? found : posix.dirname(found));
  }
  folders.delete('.');
  return [...folders];
}

/** The entries of a Layout tree (a fenced block of names nested by indentation) and what their descriptions name. */
function treePaths(file: string, lines: readonly string[], start: number, repo: RepoPaths): NamedPath[] {
  const named: NamedPath[] = [];
  const stack: { indent: number; path: string }[] = [];
  let descriptionColumn = -1;
  let context = '';
  lines.forEach((text, index) => {
    const line = start + index + 1;
    const indent = text.search(/\S/);
    if (indent === -1) return;
    let description = text;
    if (descriptionColumn === -1 || indent < descriptionColumn) {
      const name = /^\S+/.exec(text.slice(indent))?.[0] ?? '';
      while (stack.length > 0 && (stack.at(-1)?.indent ?? 0) >= indent) stack.pop();
      const parent = stack.at(-1)?.path;
      // "model:" labels a group (a layer) of what its description names, in the folder above it.
      const label = name.endsWith(':');
      const path = label ? (parent ?? '') : parent ? `${parent}/${name}` : name;
      if (!label) named.push({ file, line, path, context: [], treeEntry: true });
      stack.push({ indent, path: path.replace(/\/$/, '') });
      context = label ? path : name.endsWith('/') ? path.replace(/\/$/, '') : posix.dirname(path);
      const rest = text.slice(indent + name.length);
      descriptionColumn = indent + name.length + (rest.search(/\S/) === -1 ? rest.length : rest.search(/\S/));
      description = rest;
    }
    for (const path of tokens(description, false, repo)) named.push({ file, line, path, context: [context], inTree: true });
  });
  return named;
}

/**
 * Every file or folder path a Markdown page names, with the folders around it: those named from
 * the root in the same paragraph, list item or table row first, then in the same section.
 */
export function namedPaths(file: string, text: string, repo: RepoPaths): NamedPath[] {
  const lines = text.split('\n');
  const named: NamedPath[] = [];
  const docFolder = posix.dirname(file) === '.' ? '' : posix.dirname(file);
  let section: Mention[] = [];
  let block: Mention[] = [];
  let blockStart = 0;
  let sectionFrom = 0;
  const closeBlock = () => {
    const folders = rootFolders(block, repo);
    for (const entry of named.slice(blockStart)) entry.context = [...new Set([...folders, ...entry.context])];
    section.push(...block);
    block = [];
    blockStart = named.length;
  };
  const closeSection = () => {
    closeBlock();
    const folders = [...rootFolders(section, repo), ...(docFolder ? [docFolder] : [])];
    for (const entry of named.slice(sectionFrom)) {
      if (!entry.inTree && !entry.treeEntry) entry.context = [...new Set([...entry.context, ...folders])];
    }
    section = [];
    sectionFrom = named.length;
  };
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    const fence = /^\s*```(\S*)\s*$/.exec(line);
    if (fence) {
      closeBlock();
      const end = lines.findIndex((candidate, at) => at > index && /^\s*```\s*$/.test(candidate));
      const body = lines.slice(index + 1, end === -1 ? lines.length : end);
      if (fence[1] === '' && /^\S+\/(?:\s|$)/.test(body[0] ?? '')) {
        named.push(...treePaths(file, body, index + 1, repo));
      } else {
        body.forEach((code, at) => {
          for (const path of tokens(code, true, repo)) {
            named.push({ file, line: index + at + 2, path, context: [] });
            block.push({ line: index + at + 2, path });
          }
        });
      }
      closeBlock();
      index = end === -1 ? lines.length : end;
      continue;
    }
    if (/^#/.test(line)) closeSection();
    else if (/^\s*$/.test(line) || /^\s*(?:[-*]|\d+\.)\s/.test(line) || /^\|/.test(line)) closeBlock();
    for (const piece of pieces(line)) {
      for (const path of tokens(piece.text, piece.code, repo)) {
        named.push({ file, line: index + 1, path, context: [] });
        block.push({ line: index + 1, path });
      }
    }
  }
  closeSection();
  return named;
}

/** Why a named path is not in the repository, or undefined when it is. */
export function whyMissing(named: NamedPath, repo: RepoPaths): string | undefined {
  let path = named.path;
  if (NOT_IN_REPOSITORY.some((pattern) => pattern.test(path))) return undefined;
  if (path.startsWith('./') || path.startsWith('../')) {
    const fromPage = posix.normalize(posix.join(posix.dirname(named.file), path));
    if (!fromPage.startsWith('../') && repo.find(fromPage, true).length > 0) return undefined;
    path = path.replace(/^(?:\.{1,2}\/)+/, '');
  }
  if (named.treeEntry) return repo.find(path, true).length > 0 ? undefined : 'is not there, where the Layout tree puts it';
  if (named.inTree) {
    // Inside the entry's folder, or beside it (`lib/` names `state/` and `shell/`), or from the root.
    const [folder = ''] = named.context;
    const parent = posix.dirname(folder);
    if (repo.find(path, false).some((found) => found.startsWith(`${folder}/`))) return undefined;
    if (parent !== '.' && repo.find(`${parent}/${path}`, true).length > 0) return undefined;
    if (repo.find(path, true).length > 0) return undefined;
    return `is neither inside ${folder}/ (the Layout tree entry that names it) nor beside it nor at the root`;
  }
  if (repo.isRooted(path)) return repo.find(path, true).length > 0 ? undefined : 'does not exist';
  const found = repo.find(path, false);
  if (found.length === 0) return 'no file or folder in the repository ends with it';
  // One file, or a pattern (`*.test.ts`), which names many on purpose.
  if (found.length === 1 || /[*<]/.test(path)) return undefined;
  if (named.context.some((folder) => found.some((candidate) => candidate.startsWith(`${folder}/`)))) return undefined;
  return `is ambiguous (${found.join(', ')}): name it from the root, or name its folder in the same paragraph`;
}

/** Every path a page names that the repository does not have. */
export function missingPaths(file: string, text: string, repo: RepoPaths): MissingPath[] {
  return namedPaths(file, text, repo).flatMap((named) => {
    const reason = whyMissing(named, repo);
    return reason === undefined ? [] : [{ file, line: named.line, path: named.path, reason }];
  });
}
