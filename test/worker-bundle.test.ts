/**
 * What a Worker (workerd without `nodejs_compat`) or a page loads: the root entry and
 * `mexc-rx/server`, bundled as a Worker's bundler does (esbuild, the `worker` and `browser`
 * conditions, the `browser` field left aside, every `node:` module left as an import), import no
 * Node built-in and carry neither `ws` nor `isomorphic-ws`: a module importing `node:perf_hooks` at
 * its top does not load there at all, and the runtime's own `WebSocket` is the one used. Node's
 * modules are reached at call time (`process.getBuiltinModule`) where Node is the runtime.
 */
import { describe, expect, it } from '@jest/globals';
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The imports a bundle of `source` still makes, and the inputs it carries. */
async function bundled(source: string): Promise<{ imports: string[]; inputs: string[] }> {
  const result = await build({
    stdin: { contents: source, resolveDir: ROOT, sourcefile: 'worker.js', loader: 'js' },
    alias: { 'mexc-rx/server': './src/server/index.ts', 'mexc-rx': './src/index.ts' },
    absWorkingDir: ROOT,
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['module', 'main'],
    external: ['node:*'],
    metafile: true,
    logLevel: 'silent',
  });
  const outputs = Object.values(result.metafile.outputs);
  return {
    imports: outputs.flatMap((output) => output.imports.map((entry) => entry.path)),
    inputs: Object.keys(result.metafile.inputs),
  };
}

describe('a Worker bundle', () => {
  it.each([
    ['the root entry', "export * from 'mexc-rx';\n"],
    ['mexc-rx/server', "export * from 'mexc-rx/server';\n"],
    ['both, as a broker Worker with its health handler uses them', "export { createClient, remoteListenKeys } from 'mexc-rx';\nexport { createListenKeyBroker, createHealthHandler } from 'mexc-rx/server';\n"],
  ])('of %s imports no Node built-in and carries no ws', async (_name, source) => {
    const { imports, inputs } = await bundled(source);
    expect(imports.filter((path) => path.startsWith('node:'))).toEqual([]);
    expect(inputs.filter((path) => /node_modules\/(ws|isomorphic-ws)\//.test(path))).toEqual([]);
  });
});
