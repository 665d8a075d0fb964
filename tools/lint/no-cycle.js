// The project's cycle rule, `local/no-cycle`: no module may import (by any path) a module that
// imports it back, type-only imports included. import-x's `no-cycle` skips every `import type` and
// `export type ... from` and has no option to count them; but a circle is a circle for a reader
// (none of its files can be read first), so this rule walks every edge: value and type imports,
// `export ... from`, `import()` and `typeof import()`, `import x = require()`.
// It resolves with the resolver the config gives import-x (`import-x/resolver-next`), so both read
// the same graph; packages (anything under node_modules) are leaves. Another file's imports are
// read from disk with TypeScript's import scanner (`ts.preProcessFile`), kept while its size and
// modification time stay the same. Plain JavaScript, since eslint.config.js loads it as it is.
import { readFileSync, statSync } from 'node:fs';
import { isAbsolute, relative } from 'node:path';
import ts from 'typescript';

/** @typedef {{ resolve(source: string, file: string): { found: boolean, path?: string | null } }} Resolver */
/** @typedef {{ key: string, targets: string[] }} Edges */

/** @type {Map<string, Edges>} each file's resolved imports, with the size and time they were read at */
const edgesOnDisk = new Map();

/** Where `source`, imported from `file`, is: a project file, or undefined (a package, a builtin, not found). */
function resolveImport(resolver, source, file) {
  let result;
  try {
    result = resolver.resolve(source, file);
  } catch {
    return undefined;
  }
  const path = result.found ? result.path : undefined;
  if (typeof path !== 'string' || !isAbsolute(path) || /[\\/]node_modules[\\/]/.test(path)) return undefined;
  return path;
}

/** The project files `file` imports, read from disk (a file that cannot be read imports nothing). */
function importsOnDisk(resolver, file) {
  let stat;
  try {
    stat = statSync(file);
  } catch {
    return [];
  }
  const key = `${stat.size}:${stat.mtimeMs}`;
  const known = edgesOnDisk.get(file);
  if (known?.key === key) return known.targets;
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  const targets = new Set();
  for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
    const target = resolveImport(resolver, fileName, file);
    if (target !== undefined) targets.add(target);
  }
  const edges = { key, targets: [...targets] };
  edgesOnDisk.set(file, edges);
  return edges.targets;
}

/**
 * The way from `start` back to `home`, as the files it passes (from `start`), or undefined. Files
 * in `seen` are known not to lead home (the walks of one file share it).
 */
function wayBack(resolver, start, home, seen) {
  if (start === home) return [];
  if (seen.has(start)) return undefined;
  seen.add(start);
  const cameFrom = new Map([[start, undefined]]);
  const queue = [start];
  for (let head = 0; head < queue.length; head += 1) {
    const file = queue[head];
    for (const next of importsOnDisk(resolver, file)) {
      if (next === home) {
        const way = [];
        for (let step = file; step !== undefined; step = cameFrom.get(step)) way.unshift(step);
        // This walk stopped early: what it passed may lead home by a way it did not look at.
        for (const passed of queue) seen.delete(passed);
        return way;
      }
      if (seen.has(next)) continue;
      seen.add(next);
      cameFrom.set(next, file);
      queue.push(next);
    }
  }
  return undefined;
}

/** The import specifier a node names, or undefined. */
function specifierOf(node) {
  switch (node.type) {
    case 'ImportDeclaration':
    case 'ExportAllDeclaration':
    case 'ExportNamedDeclaration':
    case 'ImportExpression':
      return node.source?.type === 'Literal' && typeof node.source.value === 'string' ? node.source.value : undefined;
    case 'TSImportType': {
      const literal = node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.source;
      return literal?.type === 'Literal' && typeof literal.value === 'string' ? literal.value : undefined;
    }
    case 'TSExternalModuleReference':
      return node.expression?.type === 'Literal' && typeof node.expression.value === 'string' ? node.expression.value : undefined;
    default:
      return undefined;
  }
}

/** @type {import('eslint').Rule.RuleModule} */
const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid an import circle, type-only imports included.' },
    schema: [],
    messages: {
      cycle: 'Import circle (type-only imports count): {{way}}. Give what they share a home below them (docs/architecture.md, "Layers").',
    },
  },
  create(context) {
    const resolvers = context.settings['import-x/resolver-next'];
    const resolver = Array.isArray(resolvers) ? resolvers[0] : undefined;
    if (resolver === undefined || typeof resolver.resolve !== 'function') {
      throw new Error('local/no-cycle: give the config an `import-x/resolver-next` setting (it resolves with the first)');
    }
    const home = context.physicalFilename;
    const seen = new Set();
    const shown = (file) => relative(context.cwd, file) || file;
    const check = (node) => {
      const source = specifierOf(node);
      if (source === undefined) return;
      const target = resolveImport(resolver, source, home);
      if (target === undefined) return;
      const way = wayBack(resolver, target, home, seen);
      if (way === undefined) return;
      context.report({ node, messageId: 'cycle', data: { way: [home, ...way, home].map(shown).join(' -> ') } });
    };
    return {
      ImportDeclaration: check,
      ExportAllDeclaration: check,
      ExportNamedDeclaration: check,
      ImportExpression: check,
      TSImportType: check,
      TSExternalModuleReference: check,
    };
  },
};

/** The project's own lint rules, as an ESLint plugin. */
export default { meta: { name: 'local' }, rules: { 'no-cycle': noCycle } };
