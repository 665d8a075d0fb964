/**
 * One set of instruments per `MeterProvider`: made the first time a provider is asked for, then
 * shared by every client (and stream) given it. A provider let go is let go with its instruments.
 *
 * @module
 */
import type { MeterProviderLike } from './meter-types.js';

/**
 * `make`, called once per provider; later calls with the same provider give what it made.
 *
 * @example
 * ```ts
 * const countersOf = perProvider((provider) => provider.getMeter('mexc-rx').createCounter('mexc_rx.http.requests'));
 * countersOf(meterProvider) === countersOf(meterProvider); // true
 * ```
 */
export function perProvider<T extends object>(make: (provider: MeterProviderLike) => T): (provider: MeterProviderLike) => T {
  const made = new WeakMap<MeterProviderLike, T>();
  return (provider) => {
    let instruments = made.get(provider);
    if (instruments === undefined) {
      instruments = make(provider);
      made.set(provider, instruments);
    }
    return instruments;
  };
}
