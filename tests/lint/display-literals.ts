import ts from 'typescript';

// Issue 41, item 4: a message the main process or shared/ sends for a person to read comes from
// the message catalogue (docs/ARCHITECTURE.md, "Languages"), never from an English literal in a
// .ts file. Read per file with the TypeScript parser alone (no type checker, so the whole of
// electron/ and shared/ takes seconds): a literal is flagged by where it stands, never by its words
// alone, so SQL, headers, codes and log lines pass by themselves.

/**
 * Object properties a person reads, each where the app shows it:
 * - AppError (shared/ipc/envelope.ts): message (and fields[].message), remedy, detail;
 * - the diagnostics views (shared/ipc/diagnostics-views.ts): title, explanation, remedy, detail,
 *   words (a test sale's fate), voidProblem, verdict; the data folder's and vault's description;
 * - Electron: dialog.showMessageBox's title, message, detail, buttons, checkboxLabel; a menu
 *   item's label, sublabel and toolTip; a notification's title and body;
 * - the app's other wording fields: summary, hint, headline, advice, reason, text, nextStep(s).
 */
const SHOWN_PROPERTIES = new Set([
  'message',
  'remedy',
  'detail',
  'explanation',
  'verdict',
  'advice',
  'title',
  'summary',
  'hint',
  'label',
  'sublabel',
  'toolTip',
  'checkboxLabel',
  'headline',
  'nextStep',
  'nextSteps',
  'buttons',
  'text',
  'body',
  'reason',
  'description',
  'words',
  'voidProblem',
]);

/**
 * Errors whose message reaches the screen (electron/services/to-app-error.ts maps AppFailure,
 * SpinError and JournalWriteError; the update policy's and the data folder's refusals are shown
 * as they are), with the position of the argument that becomes the message: JournalWriteError's
 * third argument is the tail of its message, damagedFileError's second the file's problem.
 * `super(...)` in a class of this table counts as its message too.
 */
const SHOWN_ERRORS: ReadonlyMap<string, number> = new Map([
  ['AppFailure', 1],
  ['SpinError', 1],
  ['JournalWriteError', 2],
  ['damagedFileError', 1],
  ['UpdatePolicyError', 0],
  ['DataFolderBusy', 0],
]);

/** Calls whose every string argument is shown as it is: Electron's error box (title, content). */
const SHOWN_CALLS = new Set(['dialog.showErrorBox']);

/**
 * zod's rule helpers: a string argument (or { error } / { message }) is the field's problem as the
 * form shows it. Called on any schema (`ProfileId.min(1, '...')`, `url.refine(ok, '...')`) ...
 */
const ZOD_RULES = new Set([
  'min',
  'max',
  'length',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'gt',
  'gte',
  'lt',
  'lte',
  'positive',
  'negative',
  'nonnegative',
  'nonpositive',
  'multipleOf',
  'int',
  'regex',
  'refine',
  'superRefine',
]);
/** ... or only as `z.` helpers, whose names other libraries share (`z.enum([...], '...')`, `z.string('...')`, `z.custom(isKey, '...')`). */
const ZOD_ONLY_RULES = new Set(['check', 'custom', 'enum', 'string', 'number', 'boolean', 'url', 'email', 'uuid', 'datetime']);

/**
 * A constant named for the words it holds: a table by key (`REMEDY`, `NO_RECORD_MESSAGES`,
 * `UNREACHABLE_WORDS`), every literal in it a message whatever its property names, or one text
 * (`const words = ...`). Functions are not read (their strings are not all words for a person).
 */
const WORDS_TABLE = /(?:messages?|remed(?:y|ies)|words|titles?|labels?|explanations?)$/i;

/** Log calls: their words are for the log's reader (support), never shown as a message. */
const LOG_RECEIVERS = /^(?:console|log|logger|\w*\.log|\w*\.logger|this\.#log|this\.#logger)$/;

/**
 * Two words of letters, with space between them, once ${...} placeholders are taken out: a sentence
 * or a phrase ("Not found", "Connect (TCP)", "after a crash"), never a code, a key or a path
 * ("not-charged", "BAD_INPUT", "status-lookup"), which a shown place holds now and then.
 */
function isWords(text: string): boolean {
  return text.split(/\s+/).filter((part) => WORD.test(part)).length >= 2;
}
const WORD = /\p{L}{2,}/u;

/** Words shown in every language at once, on purpose: Help → Language, so a reader of either finds it (electron/main/app-menu.ts). */
const IN_EVERY_LANGUAGE = new Set(['Language · Idioma']);

/** The comment that lets a flagged literal stand: it is stored for support (request log, journal), not shown. */
export const STORED_MARK = 'display-literals: stored, not shown';

export interface DisplayLiteral {
  line: number;
  /** Which rule found it: the property, the error class, the zod helper, the call or the table. */
  rule: string;
  text: string;
}

export interface DisplayLiteralScan {
  found: DisplayLiteral[];
  /** Literals a rule flagged that carry the stored-not-shown comment on the line above. */
  stored: DisplayLiteral[];
}

/** The literal's words, placeholders taken out; undefined when it is not a literal. */
function literalText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ');
  return undefined;
}

/** The literals an expression can evaluate to: itself, or a branch of ?:, ??, ||, &&, + (sentence pieces), (...) and `as`. */
function valuesOf(node: ts.Expression): ts.Expression[] {
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) return valuesOf(node.expression);
  if (ts.isConditionalExpression(node)) return [...valuesOf(node.whenTrue), ...valuesOf(node.whenFalse)];
  if (ts.isBinaryExpression(node)) {
    const operator = node.operatorToken.kind;
    if (operator === ts.SyntaxKind.QuestionQuestionToken || operator === ts.SyntaxKind.BarBarToken || operator === ts.SyntaxKind.PlusToken)
      return [...valuesOf(node.left), ...valuesOf(node.right)];
    if (operator === ts.SyntaxKind.AmpersandAmpersandToken) return valuesOf(node.right);
  }
  return [node];
}

function propertyName(name: ts.PropertyName): string | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isPrivateIdentifier(name)) return name.text;
  return undefined;
}

/** `z.maxLength`, `dialog.showErrorBox`, `AppFailure`: the callee as written, without arguments in between. */
function calleeText(expression: ts.Expression, source: ts.SourceFile): string {
  return expression.getText(source).replace(/\s+/g, '');
}

/** The last name of a callee: `maxLength` of `z.string().check(z.maxLength)`, `min` of `z.string().min`. */
function calleeName(expression: ts.Expression): string | undefined {
  if (ts.isIdentifier(expression)) return expression.text;
  if (ts.isPropertyAccessExpression(expression)) return expression.name.text;
  return undefined;
}

/** Whether a call is zod's: its chain starts at the `z` import (`z.int(...)`, `z.string().min(...)`). */
function isZodCall(call: ts.CallExpression): boolean {
  let expression: ts.Expression = call.expression;
  while (ts.isPropertyAccessExpression(expression) || ts.isCallExpression(expression)) expression = expression.expression;
  return ts.isIdentifier(expression) && expression.text === 'z';
}

function isLogCall(node: ts.Node, source: ts.SourceFile): boolean {
  if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return false;
  return LOG_RECEIVERS.test(calleeText(node.expression.expression, source));
}

function enclosingClassName(node: ts.Node): string | undefined {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) if (ts.isClassLike(at)) return at.name?.text;
  return undefined;
}

/** The user-visible literals of one .ts file, by the rules above; `file` names it for the parser only. */
export function displayLiteralsIn(sourceText: string, file = 'file.ts'): DisplayLiteralScan {
  const source = ts.createSourceFile(file, sourceText, ts.ScriptTarget.Latest, true);
  const lines = sourceText.split('\n');
  const scan: DisplayLiteralScan = { found: [], stored: [] };
  const seen = new Set<ts.Node>();

  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  /** The mark counts on the line above the literal or above the construct it stands in (`message:` on its own line). */
  const markedAbove = (...nodes: ts.Node[]) => nodes.some((node) => lines[lineOf(node) - 2]?.includes(STORED_MARK));
  const flag = (expression: ts.Expression | undefined, rule: string, site: ts.Node) => {
    if (!expression) return;
    for (const value of valuesOf(expression)) {
      const text = literalText(value);
      if (text === undefined || !isWords(text) || IN_EVERY_LANGUAGE.has(text) || seen.has(value)) continue;
      seen.add(value);
      const literal = { line: lineOf(value), rule, text: value.getText(source).slice(1, -1).replace(/\s+/g, ' ') };
      (markedAbove(value, site) ? scan.stored : scan.found).push(literal);
    }
  };

  const visit = (node: ts.Node): void => {
    // A log line's words are support's, whatever they are shaped like.
    if (isLogCall(node, source)) return;
    if (ts.isPropertyAssignment(node)) {
      const name = propertyName(node.name);
      if (name && SHOWN_PROPERTIES.has(name)) {
        if (ts.isArrayLiteralExpression(node.initializer)) for (const element of node.initializer.elements) flag(element, name, node);
        else flag(node.initializer, name, node);
      }
      // zod's { error: '...' }: as an argument of a zod call, or a refine's { path, error } rule.
      const zodArgument =
        ts.isObjectLiteralExpression(node.parent) && ts.isCallExpression(node.parent.parent) && isZodCall(node.parent.parent);
      const refineRule =
        ts.isObjectLiteralExpression(node.parent) &&
        node.parent.properties.some((property) => property.name && propertyName(property.name) === 'path');
      if (name === 'error' && (zodArgument || refineRule)) flag(node.initializer, 'zod error', node);
    }
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && WORDS_TABLE.test(node.name.text) && node.initializer) {
      const table = node.name.text;
      // A table's every value, however deep; a single text (`const words = ok ? '...' : '...'`) by its branches.
      const flagValues = (at: ts.Node): void => {
        if (literalText(at) !== undefined && !(ts.isPropertyAssignment(at.parent) && at.parent.name === at))
          flag(at as ts.Expression, table, node);
        else if (!ts.isFunctionLike(at)) ts.forEachChild(at, flagValues);
      };
      const initializer = valuesOf(node.initializer)[0]!;
      if (ts.isObjectLiteralExpression(initializer) || ts.isArrayLiteralExpression(initializer)) flagValues(initializer);
      else flag(node.initializer, table, node);
    }
    if (ts.isNewExpression(node) || ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = calleeName(callee);
      const position = name === undefined ? undefined : SHOWN_ERRORS.get(name);
      if (position !== undefined) flag(node.arguments?.[position], name!, node);
      if (callee.kind === ts.SyntaxKind.SuperKeyword) {
        const className = enclosingClassName(node);
        if (className && SHOWN_ERRORS.has(className)) flag(node.arguments?.[0], `${className} (super)`, node);
      }
      if (ts.isCallExpression(node)) {
        const text = calleeText(callee, source);
        if (SHOWN_CALLS.has(text)) for (const argument of node.arguments) flag(argument, text, node);
        const zodRule =
          name !== undefined &&
          ts.isPropertyAccessExpression(callee) &&
          (ZOD_RULES.has(name) || (ZOD_ONLY_RULES.has(name) && isZodCall(node)));
        if (zodRule) for (const argument of node.arguments) flag(argument, `z.${name}`, node);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return scan;
}
