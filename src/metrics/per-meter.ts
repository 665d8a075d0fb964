/**
 * One set of instruments per `MeterProvider`, on the library's meter (named `mexc-rx`, with the
 * library's version: the instrumentation scope): made the first time a provider is asked for, then
 * shared by every client (and stream) given it. A provider let go is let go with its instruments.
 *
 * @module
 */
import { LIBRARY_NAME, LIBRARY_VERSION } from '../version.js';
import type { MeterLike, MeterProviderLike } from './meter-types.js';

/**
 * `make`, called once per provider with the library's meter on it; later calls with the same
 * provider give what it made.
 *
 * @example
 * ```ts
 * const countersOf = perMeter((meter) => meter.createCounter('mexc_rx.http.requests'));
 * countersOf(meterProvider) === countersOf(meterProvider); // true
 * ```
 */
export function perMeter<T extends object>(make: (meter: MeterLike) => T): (provider: MeterProviderLike) => T {
  const made = new WeakMap<MeterProviderLike, T>();
  return (provider) => {
    let instruments = made.get(provider);
    if (instruments === undefined) {
      instruments = make(provider.getMeter(LIBRARY_NAME, LIBRARY_VERSION));
      made.set(provider, instruments);
    }
    return instruments;
  };
}
