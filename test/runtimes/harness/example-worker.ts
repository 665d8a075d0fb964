/**
 * The Worker example (examples/worker) in workerd: worker.ts bundled as wrangler bundles it, and run
 * through Miniflare with wrangler.toml's compatibility date, `[vars]` and Durable Object bindings,
 * plus the bindings a test gives (the secrets, the simulator's address).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { ROOT, WORKER_BUNDLING } from './program.js';
import { startWorker, type StartedWorker } from './workerd.js';
import { exampleCompatibilityDate, tables } from './wrangler.js';

/** A started example Worker and its address. */
export interface ExampleWorker {
  readonly url: URL;
  readonly worker: StartedWorker;
}

/** Bundles examples/worker/worker.ts; returns the bundle's path. */
export async function bundleExample(): Promise<string> {
  const outfile = join(ROOT, 'test-output', 'runtimes', 'worker-example', 'worker.mjs');
  await build({ entryPoints: [join(ROOT, 'examples', 'worker', 'worker.ts')], outfile, absWorkingDir: ROOT, bundle: true, format: 'esm', platform: 'neutral', target: 'es2022', logLevel: 'silent', ...WORKER_BUNDLING });
  return outfile;
}

/** Starts the example with wrangler.toml's settings and `bindings` besides. */
export async function startExample(bundle: string, bindings: Readonly<Record<string, string>>): Promise<ExampleWorker> {
  const toml = tables();
  const durableObjects = Object.fromEntries((toml.get('durable_objects.bindings') ?? []).map((binding) => [binding['name'] ?? '', binding['class_name'] ?? '']));
  const worker = await startWorker({
    modules: [{ type: 'ESModule', path: bundle, contents: readFileSync(bundle, 'utf8') }],
    compatibilityDate: exampleCompatibilityDate(),
    bindings: { ...toml.get('vars')?.[0], ...bindings },
    durableObjects,
  });
  try {
    return { url: await worker.ready, worker };
  } catch (error) {
    await worker.dispose();
    throw new Error(`workerd did not start the Worker example: ${String(error)}\n${worker.output()}`);
  }
}
