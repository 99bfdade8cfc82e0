// What the main process puts on the wire, per endpoint, read from its code with TypeScript's type
// checker (no hand-kept list): every request builder handed to callTerminal(), runPayment() or
// runMoneyMove(), and every body given to a SPIn client's call(), with the fields the client itself
// adds to each request (withTarget in spin-client.ts). A builder's fields are those of the object
// it returns, spreads of helpers such as wireOptions() included; optional ones count (a form field
// can fill them). Only top-level fields: nested shapes (Cart, Level 3 lines) are checked by their
// own schemas. The renderer reaches the terminal only through these builders (docs/ARCHITECTURE.md,
// "Two processes, one contract"), so a field none of them can build is one no screen can send.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const SERVICES = 'electron/services';
const CLIENT = 'electron/services/spin/spin-client.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

function program(root: string): ts.Program {
  const configPath = join(root, 'tsconfig.json');
  const config = ts.readConfigFile(configPath, (path) => ts.sys.readFile(path));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  return ts.createProgram(sourceFiles(join(root, SERVICES)), { ...parsed.options, noEmit: true });
}

/** The value under parentheses, `as` and `satisfies`: `{} as SpinRequest<N>` builds `{}`. */
function bare(node: ts.Expression): ts.Expression {
  let current = node;
  while (ts.isParenthesizedExpression(current) || ts.isAsExpression(current) || ts.isSatisfiesExpression(current)) {
    current = current.expression;
  }
  return current;
}

/** The expressions a builder function returns (not those of functions nested in it). */
function returned(fn: ts.Node): ts.Expression[] {
  if (ts.isArrowFunction(fn) && !ts.isBlock(fn.body)) return [fn.body];
  const found: ts.Expression[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isReturnStatement(node) && node.expression) found.push(node.expression);
    else if (!ts.isFunctionLike(node)) ts.forEachChild(node, visit);
  };
  if ((ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) && fn.body) ts.forEachChild(fn.body, visit);
  return found;
}

export class SentFields {
  private readonly checker: ts.TypeChecker;
  /** Endpoint -> fields some builder of main can put in its body. */
  readonly byEndpoint = new Map<string, Set<string>>();
  /** What the client adds to every request (credentials, timeout, CustomFields). */
  readonly addedByClient = new Set<string>();

  constructor(root: string) {
    const built = program(root);
    this.checker = built.getTypeChecker();
    for (const file of built.getSourceFiles()) {
      const path = file.fileName.replaceAll('\\', '/');
      if (!path.includes(`/${SERVICES}/`) || path.includes('/node_modules/')) continue;
      this.visit(file);
      if (path.endsWith(CLIENT)) this.clientFields(file);
    }
  }

  private visit(node: ts.Node): void {
    if (ts.isCallExpression(node)) this.call(node);
    ts.forEachChild(node, (child) => this.visit(child));
  }

  private call(node: ts.CallExpression): void {
    const callee = node.expression;
    const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
    const [first, second, third, fourth] = node.arguments;
    if (name === 'callTerminal' && third && fourth) this.add(third, this.builderFields(fourth));
    if ((name === 'runPayment' || name === 'runMoneyMove') && second && ts.isObjectLiteralExpression(second)) {
      const op = this.property(second, 'op');
      const request = this.property(second, 'request');
      if (op && request) this.add(op, this.builderFields(request));
    }
    // client.call('Status', body): the body is an expression, not a builder.
    if (name === 'call' && ts.isPropertyAccessExpression(callee) && first && second && ts.isStringLiteral(bare(first))) {
      this.add(first, this.typeFields(bare(second)));
    }
  }

  private property(literal: ts.ObjectLiteralExpression, key: string): ts.Expression | undefined {
    for (const prop of literal.properties) {
      if (ts.isPropertyAssignment(prop) && prop.name.getText() === key) return prop.initializer;
      if (ts.isShorthandPropertyAssignment(prop) && prop.name.text === key) return prop.name;
    }
    return undefined;
  }

  /** The endpoint names an argument can hold: a literal, a union of them, or a type parameter's constraint. */
  private endpointNames(node: ts.Expression): string[] {
    let type = this.checker.getTypeAtLocation(node);
    if (type.flags & ts.TypeFlags.TypeParameter) type = this.checker.getBaseConstraintOfType(type) ?? type;
    const members = type.isUnion() ? type.types : [type];
    return members.flatMap((member) => (member.isStringLiteral() ? [member.value] : []));
  }

  private add(endpoint: ts.Expression, fields: string[]): void {
    for (const name of this.endpointNames(endpoint)) {
      const set = this.byEndpoint.get(name) ?? new Set<string>();
      fields.forEach((field) => set.add(field));
      this.byEndpoint.set(name, set);
    }
  }

  private builderFields(builder: ts.Expression): string[] {
    const fn = bare(builder);
    if (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) return returned(fn).flatMap((expr) => this.typeFields(bare(expr)));
    // A named builder: what its signature says it returns.
    const signature = this.checker.getTypeAtLocation(fn).getCallSignatures()[0];
    return signature ? this.fieldsOf(signature.getReturnType()) : [];
  }

  private typeFields(expr: ts.Expression): string[] {
    return this.fieldsOf(this.checker.getTypeAtLocation(expr));
  }

  /** Every property any member of a union has (an optional spread makes a union of shapes). */
  private fieldsOf(type: ts.Type): string[] {
    const members = type.isUnion() ? type.types : [type];
    return members.flatMap((member) => this.checker.getPropertiesOfType(member).map((symbol) => symbol.name));
  }

  /** withTarget(): the literal's own fields beside `...request`, and every `body.X = ...`. */
  private clientFields(file: ts.SourceFile): void {
    const visit = (node: ts.Node) => {
      if (ts.isFunctionDeclaration(node) && node.name?.text === 'withTarget') {
        const inner = (child: ts.Node) => {
          if (ts.isObjectLiteralExpression(child)) {
            for (const prop of child.properties) if (ts.isPropertyAssignment(prop)) this.addedByClient.add(prop.name.getText());
          }
          if (ts.isBinaryExpression(child) && child.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
            const target = child.left;
            if (ts.isPropertyAccessExpression(target) && target.expression.getText() === 'body') this.addedByClient.add(target.name.text);
          }
          ts.forEachChild(child, inner);
        };
        inner(node);
        return;
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }

  /** Whether main can send `field` to `endpoint`: only to an endpoint some builder calls. */
  sends(endpoint: string, field: string): boolean {
    const built = this.byEndpoint.get(endpoint);
    return built !== undefined && (built.has(field) || this.addedByClient.has(field));
  }
}
