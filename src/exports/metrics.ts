/**
 * The metrics group of the root entry: the `meterProvider` option's type and the shapes it names.
 * For operators exporting the figures to Prometheus or OTLP.
 * Re-exported by name from `src/index.ts` (docs/architecture.md, "The public surface").
 *
 * @module
 */
export type { CounterLike, HistogramLike, InstrumentOptions, MeterLike, MeterProviderLike, MetricAttributes, ObservableLike, ObservableResultLike } from '../metrics/meter-types.js';
