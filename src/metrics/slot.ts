/**
 * Where a client made by `createClient` keeps its metrics recorder: a slot (`src/internal/slot.ts`),
 * so it is no field of the `Client` type, and a copy made by spreading the client keeps it. A
 * stream of the client finds it here; this small module is all a stream (and a page) carries of metrics: the recording code
 * comes with `createClient`.
 *
 * @module
 */
import { slot } from '../internal/slot.js';
import type { ClientMetrics } from './client-metrics.js';

const METRICS = slot<ClientMetrics>('mexc-rx client metrics');

/**
 * The recorder of a client, or `undefined` (recording nothing, or not made by `createClient`).
 *
 * @example
 * ```ts
 * const run = metricsOf(client)?.streamRun();
 * ```
 */
export const metricsOf = METRICS.of;

/**
 * Gives `client` its recorder (nothing when `metrics` is `undefined`).
 *
 * @example
 * ```ts
 * return withMetrics(client, clientMetrics(provider, undefined));
 * ```
 */
export const withMetrics: <C extends object>(client: C, metrics: ClientMetrics | undefined) => C = METRICS.put;
