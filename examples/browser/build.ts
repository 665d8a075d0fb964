/**
 * Bundles the page (`page/main.ts` and the library it imports) for the browser with esbuild's JS
 * API: one ES module, with the browser's own WebSocket behind isomorphic-ws. The backend builds it
 * in memory at start; `npx tsx examples/browser/build.ts` writes it to `examples/browser/dist/`
 * to look at.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { isMain } from './is-main.js';

/** The page's entry point. */
export const PAGE_ENTRY = fileURLToPath(new URL('./page/main.ts', import.meta.url));

/**
 * Builds the page's bundle and returns its text.
 *
 * @throws Error with esbuild's messages when the page or the library does not bundle for the browser.
 * @example
 * ```ts
 * const js = await buildBundle();
 * ```
 */
export async function buildBundle(options: { readonly minify?: boolean } = {}): Promise<string> {
  const result = await build({
    entryPoints: [PAGE_ENTRY],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    minify: options.minify ?? false,
    write: false,
    logLevel: 'silent',
  });
  const output = result.outputFiles[0];
  if (output === undefined) throw new Error('esbuild produced no output');
  return output.text;
}

async function main(): Promise<void> {
  const js = await buildBundle({ minify: true });
  const dir = new URL('./dist/', import.meta.url);
  await mkdir(dir, { recursive: true });
  const target = new URL('main.js', dir);
  await writeFile(target, js);
  process.stdout.write(`wrote ${fileURLToPath(target)} (${(js.length / 1024).toFixed(0)} KiB)\n`);
}

if (isMain(import.meta.url)) {
  main().catch((error: unknown) => {
    process.stderr.write(`build failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
