/**
 * Where a client made by `createClient` keeps its metrics recorder: a symbol, so it is no field of
 * the `Client` type, and a copy made by spreading the client keeps it. A stream of the client finds
 * it here; this small module is all a stream (and a page) carries of metrics: the recording code
 * comes with `createClient`.
 *
 * @module
 */
import type { ClientMetrics } from './client-metrics.js';

const METRICS = Symbol('mexc-rx client metrics');

/**
 * The recorder of a client, or `undefined` (recording nothing, or not made by `createClient`).
 *
 * @example
 * ```ts
 * const run = metricsOf(client)?.streamRun();
 * ```
 */
export function metricsOf(client: object): ClientMetrics | undefined {
  const metrics = (client as { readonly [METRICS]?: ClientMetrics })[METRICS];
  return typeof metrics === 'object' ? metrics : undefined;
}

/**
 * Gives `client` its recorder (nothing when `metrics` is `undefined`).
 *
 * @example
 * ```ts
 * return withMetrics(client, clientMetrics(provider, undefined));
 * ```
 */
export function withMetrics<C extends object>(client: C, metrics: ClientMetrics | undefined): C {
  return metrics === undefined ? client : Object.assign(client, { [METRICS]: metrics });
}
