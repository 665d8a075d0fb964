/**
 * Bundles the page (`page/main.tsx`, React and the library it imports) for the browser with
 * esbuild's JS API: one ES module, JSX with React's automatic runtime, the browser's own WebSocket
 * behind isomorphic-ws. In `development` (the default) React's development build is bundled, so
 * `<StrictMode>` mounts every component twice, as it does while you work on a page; `production`
 * bundles the production build, minified. `npx tsx examples/react/build.ts [production]` writes
 * it to `examples/react/dist/` to look at.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { isMain } from '../browser/is-main.js';

/** The page's entry point. */
export const PAGE_ENTRY = fileURLToPath(new URL('./page/main.tsx', import.meta.url));

/** Which React build the bundle holds. */
export type BuildMode = 'development' | 'production';

/**
 * Builds the page's bundle and returns its text.
 *
 * @throws Error with esbuild's messages when the page does not bundle for the browser.
 * @example
 * ```ts
 * const js = await buildPage(); // React's development build, StrictMode's double mounts included
 * ```
 */
export async function buildPage(mode: BuildMode = 'development'): Promise<string> {
  const result = await build({
    entryPoints: [PAGE_ENTRY],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    jsx: 'automatic',
    jsxDev: mode === 'development',
    // React picks its build by this; esbuild drops the other one.
    define: { 'process.env.NODE_ENV': JSON.stringify(mode) },
    minify: mode === 'production',
    write: false,
    logLevel: 'silent',
  });
  const output = result.outputFiles[0];
  if (output === undefined) throw new Error('esbuild produced no output');
  return output.text;
}

async function main(): Promise<void> {
  const mode: BuildMode = process.argv[2] === 'production' ? 'production' : 'development';
  const js = await buildPage(mode);
  const dir = new URL('./dist/', import.meta.url);
  await mkdir(dir, { recursive: true });
  const target = new URL('main.js', dir);
  await writeFile(target, js);
  process.stdout.write(`wrote ${fileURLToPath(target)} (${mode}, ${(js.length / 1024).toFixed(0)} KiB)\n`);
}

if (isMain(import.meta.url)) {
  main().catch((error: unknown) => {
    process.stderr.write(`build failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
