/**
 * The runtime matrix in a Cloudflare Worker: workerd through Miniflare's API with its defaults (no
 * `nodejs_compat`, no compatibility flag, the date of examples/worker/wrangler.toml), the library
 * bundled into the Worker as a Worker's bundler does it; the broker and the health handler served
 * by the Worker's own `fetch`, and the page-side stream inside the Worker on keys from that broker
 * (test/runtimes/harness/matrix.ts has the steps).
 */
import { describeRuntime, PROGRAM_MS } from './harness/matrix.js';
import { runInWorker } from './harness/workerd.js';

describeRuntime('in a Worker (workerd, default settings)', {
  userAgent: 'Cloudflare-Workers',
  serves: true,
  run: (env) => runInWorker(env, PROGRAM_MS),
});
