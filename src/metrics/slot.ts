/**
 * Where a client made by `createClient` keeps its metrics recorder: a slot (`src/internal/slot.ts`),
 * so it is no field of the `Client` type, and a copy made by spreading the client keeps it. A
 * stream of the client finds it here, and records its runs with `stream-metrics.ts` on the same
 * provider: the request recording comes with `createClient`, the stream's with the stream.
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
 * const provider = metricsOf(client)?.provider;
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
