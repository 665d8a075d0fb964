/**
 * What the sources must hold for a default to have one home: every `setting(rule, default)` takes
 * its default from a defaults constant (`CLIENT_DEFAULTS.timeout`, never `10_000` written there),
 * and an options type's comment that states a default (`Default 5000.`, `@default 5000`) states
 * the constant's. Read from the source text (TypeScript's parser, no type-checking).
 */
import ts from 'typescript';
import type { OptionTable } from './option-tables.js';

/** The text of a source file by its path from the repository's root, `undefined` when there is none. */
export type ReadSource = (path: string) => string | undefined;

function parse(path: string, text: string): ts.SourceFile {
  return ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
}

function visit(node: ts.Node, each: (node: ts.Node) => void): void {
  each(node);
  node.forEachChild((child) => visit(child, each));
}

/**
 * Each `setting(rule, default)` in `text` whose default is not read from a defaults constant.
 *
 * @example
 * ```ts
 * inlineDefaults('src/x.ts', 'const S = settingsFor<O>()({ a: setting(BOOLEAN, true) });');
 * // ['src/x.ts: a: setting(..., true) writes its default inline: ...']
 * ```
 */
export function inlineDefaults(path: string, text: string): string[] {
  const problems: string[] = [];
  visit(parse(path, text), (node) => {
    if (!ts.isCallExpression(node) || node.expression.getText() !== 'setting' || node.arguments.length !== 2) return;
    const fallback = node.arguments[1];
    if (fallback !== undefined && ts.isPropertyAccessExpression(fallback) && /_DEFAULTS$/.test(fallback.expression.getText())) return;
    const owner = ts.isPropertyAssignment(node.parent) ? `${node.parent.name.getText()}: ` : '';
    problems.push(`${path}: ${owner}setting(..., ${fallback?.getText() ?? ''}) writes its default inline: put it in the defaults constant and read it from there`);
  });
  return problems;
}

/** The options type `settingsFor<T>()` names for the constant `id`: `T`, or `X` of `Pick<X, ...>`. */
function optionsTypeOf(file: ts.SourceFile, id: string): string | undefined {
  let found: string | undefined;
  visit(file, (node) => {
    if (!ts.isVariableDeclaration(node) || node.name.getText() !== id || node.initializer === undefined) return;
    const init = node.initializer;
    if (!ts.isCallExpression(init) || !ts.isCallExpression(init.expression)) return;
    let type = init.expression.typeArguments?.[0];
    while (type !== undefined && ts.isTypeReferenceNode(type) && type.typeName.getText() === 'Pick') type = type.typeArguments?.[0];
    if (type !== undefined && ts.isTypeReferenceNode(type)) found = type.typeName.getText();
  });
  return found;
}

/** The interface `name` as declared in `path` or in a module it imports it from, with that module's path. */
function findInterface(read: ReadSource, path: string, name: string, depth = 0): { decl: ts.InterfaceDeclaration; path: string } | undefined {
  const text = read(path);
  if (text === undefined || depth > 4) return undefined;
  const file = parse(path, text);
  for (const statement of file.statements) {
    if (ts.isInterfaceDeclaration(statement) && statement.name.text === name) return { decl: statement, path };
  }
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings === undefined || !ts.isNamedImports(bindings) || !bindings.elements.some((e) => e.name.text === name)) continue;
    const from = new URL(statement.moduleSpecifier.text.replace(/\.js$/, '.ts'), `file:///${path}`).pathname.slice(1);
    return findInterface(read, from, name, depth + 1);
  }
  return undefined;
}

/** Milliseconds in a unit a comment may give a duration in (`Default 30 minutes`). */
const UNIT_MS: Readonly<Record<string, number>> = { ms: 1, s: 1000, second: 1000, seconds: 1000, min: 60_000, minute: 60_000, minutes: 60_000, h: 3_600_000, hour: 3_600_000, hours: 3_600_000, day: 86_400_000, days: 86_400_000 };

/** A default a comment states: a quoted text, a number (`10,000`, `30_000`) with its unit if any, or a word. */
const CLAIM = /(?:@default|\bDefault:?)\s+(`[^`]*`|'[^']*'|[\d_,.]+(?:\s+(?:ms|s|seconds?|min|minutes?|h|hours?|days?)\b)?|[^\s,;]+)/g;

/** What a comment says a default is: the word after `@default` or `Default`, its quotes kept. */
function claimedDefaults(member: ts.Node): string[] {
  const claims: string[] = [];
  for (const doc of ts.getJSDocCommentsAndTags(member)) {
    const text = doc.getText();
    for (const match of text.matchAll(CLAIM)) claims.push((match[1] ?? '').replace(/(?<=[\w)])[.,;]+$/, ''));
  }
  return claims;
}

/** Whether a claimed default disagrees with `value` (a claim in words, "none" or "the client's", says nothing). */
function disagrees(value: unknown, claim: string): boolean {
  const bare = claim.replace(/^`(.*)`$/, '$1');
  const quoted = /^'(.*)'$/.exec(bare);
  if (typeof value === 'string') return (claim.startsWith('`') || quoted !== null) && (quoted?.[1] ?? bare) !== value;
  const word = bare.replace(/[.)]+$/, '');
  if (typeof value === 'boolean') return (word === 'true' || word === 'false') && word !== String(value);
  if (typeof value !== 'number') return false;
  const numeric = /^([\d_,.]*\d|Infinity)(?:\s+(\w+))?$/.exec(word.replace(/[.,]+$/, ''));
  if (numeric === null) return false;
  const number = Number((numeric[1] ?? '').replace(/[_,]/g, '')) * (UNIT_MS[numeric[2] ?? 'ms'] ?? Number.NaN);
  return number !== value;
}

/**
 * Each option of `table` whose comment states a default other than its defaults constant's.
 *
 * @example
 * ```ts
 * commentDefaults(table, (path) => readFileSync(path, 'utf8'));
 * // ['src/http/request-settings.ts: RetryOptions.limit says its default is 3; RETRY_DEFAULTS has 2']
 * ```
 */
export function commentDefaults(table: OptionTable, read: ReadSource): string[] {
  const text = read(table.source);
  if (text === undefined) return [`${table.source}: not found (declares ${table.id})`];
  const typeName = optionsTypeOf(parse(table.source, text), table.id);
  const found = typeName === undefined ? undefined : findInterface(read, table.source, typeName);
  if (typeName === undefined || found === undefined) return [`${table.source}: the options type of ${table.id} not found`];
  const problems: string[] = [];
  const constant = table.id.replace(/_SETTINGS$/, '_DEFAULTS');
  for (const member of found.decl.members) {
    const name = member.name?.getText();
    if (name === undefined || !Object.hasOwn(table.defaults, name)) continue;
    const value = table.defaults[name];
    for (const claim of claimedDefaults(member).filter((c) => disagrees(value, c))) {
      problems.push(`${found.path}: ${typeName}.${name} says its default is ${claim}; ${constant} has ${typeof value === 'string' ? `'${value}'` : String(value)}`);
    }
  }
  return problems;
}
