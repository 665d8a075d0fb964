/**
 * The global `MeterProvider` of `@opentelemetry/api`, when the package is installed. It is looked
 * up at run time, never imported: the package is an optional peer, so a program (or a page) without
 * it must load and run all the same. Only Node, lending its `module` built-in through
 * `process.getBuiltinModule` (20.16 and later), looks; elsewhere a client records only with the
 * `meterProvider` it is given.
 *
 * @module
 */
import { requirePackage } from '../internal/node-require.js';
import type { MeterProviderLike } from './meter-types.js';

/** The part of `@opentelemetry/api` read here. */
interface MetricsApi {
  readonly metrics?: { readonly getMeterProvider?: () => MeterProviderLike };
}

/** `null`: looked for and not there (looked for once per process: a failed lookup reads the disk). */
let loaded: MetricsApi | null | undefined;

function loadApi(): MetricsApi | null {
  return requirePackage<MetricsApi>('@opentelemetry/api') ?? null;
}

/**
 * The global `MeterProvider` now (the API's no-op one while none is set), or `undefined` when
 * `@opentelemetry/api` cannot be loaded.
 *
 * @example
 * ```ts
 * const provider = config.meterProvider ?? globalMeterProvider();
 * ```
 */
export function globalMeterProvider(): MeterProviderLike | undefined {
  loaded ??= loadApi();
  return loaded?.metrics?.getMeterProvider?.();
}
