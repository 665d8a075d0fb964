/**
 * Waiting inside a benchmark: poll a condition until it holds, bounded, failing early when the
 * workload reports trouble.
 *
 * @module
 */

const WAIT_TIMEOUT_MS = 120_000;

/**
 * Waits (polling every `pollMs`, at most two minutes) until `condition` holds; `failure()` returning
 * text aborts with that text.
 *
 * @example
 * ```ts
 * await waitFor('every account connected', () => connected >= accounts, () => trouble);
 * ```
 */
export async function waitFor(what: string, condition: () => boolean, failure: () => string | undefined = () => undefined, pollMs = 1): Promise<void> {
  const deadline = performance.now() + WAIT_TIMEOUT_MS;
  while (!condition()) {
    const failed = failure();
    if (failed !== undefined) throw new Error(failed);
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
