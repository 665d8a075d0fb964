/**
 * Jest's transform for the TypeScript sources and tests (`jest.config.js`): esbuild strips the types
 * of one file at a time into an ES module, with its source map, for jest's native ES modules.
 * Type checking is `npm run typecheck`'s job, as it was under ts-jest's transpile-only mode, which
 * this replaces because it is about three times slower on a cold cache (docs/architecture.md).
 *
 * esbuild reads the same compiler options as `tsc` (tsconfig.json: the target, class fields,
 * `verbatimModuleSyntax`), so a file compiles here as it does there.
 *
 * @module
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { transformSync, version } from 'esbuild';

const TSCONFIG = new URL('../../tsconfig.json', import.meta.url);
const tsconfigText = readFileSync(TSCONFIG, 'utf8');
const { compilerOptions } = JSON.parse(tsconfigText);
const SELF = readFileSync(new URL(import.meta.url), 'utf8');

/** What a cached output depends on besides the file: esbuild's version, this file, tsconfig.json. */
const SALT = createHash('sha256').update(version).update('\0').update(SELF).update('\0').update(tsconfigText).digest('hex');

/**
 * Jest's cache key for one file: its text, its path, and what every output depends on.
 * @param {string} source
 * @param {string} path
 * @param {{ configString: string, supportsStaticESM?: boolean }} options
 * @returns {string}
 */
function getCacheKey(source, path, options) {
  return createHash('sha256')
    .update(SALT)
    .update('\0')
    .update(path)
    .update('\0')
    .update(source)
    .update('\0')
    .update(options.configString)
    .update('\0')
    .update(options.supportsStaticESM ? 'esm' : 'cjs')
    .digest('hex');
}

/**
 * One TypeScript file as JavaScript and its source map: an ES module when jest loads it as one
 * (`extensionsToTreatAsEsm`), else CommonJS.
 * @param {string} source
 * @param {string} path
 * @param {{ supportsStaticESM?: boolean }} options
 * @returns {{ code: string, map: string }}
 */
function transform(source, path, options) {
  const result = transformSync(source, {
    loader: 'ts',
    format: options.supportsStaticESM ? 'esm' : 'cjs',
    target: compilerOptions.target.toLowerCase(),
    sourcemap: 'external',
    sourcefile: path,
    sourcesContent: false,
    tsconfigRaw: { compilerOptions },
  });
  return { code: result.code, map: result.map };
}

export default { getCacheKey, process: transform };
