/**
 * The part of the OpenTelemetry metrics API (`@opentelemetry/api`, 1.3 and later) the library
 * uses, written out as shapes: a `MeterProvider` of the API or of any SDK fits them, and the
 * library's types do not need the package installed.
 *
 * @module
 */

/** Attributes of a measurement: few, bounded values (never a key, a secret or a listen key). */
export type MetricAttributes = Readonly<Record<string, string>>;

/** Options of an instrument. */
export interface InstrumentOptions {
  readonly description?: string;
  readonly unit?: string;
  /** Bucket boundaries a histogram should use (API 1.7 and later; ignored by older ones). */
  readonly advice?: { readonly explicitBucketBoundaries?: number[] };
}

/** A counter or an up-down counter. */
export interface CounterLike {
  /** Adds `value` (a counter's, never negative) to the series of `attributes`. */
  add(value: number, attributes?: MetricAttributes): void;
}

/** A histogram. */
export interface HistogramLike {
  /** Records one measurement in the series of `attributes`. */
  record(value: number, attributes?: MetricAttributes): void;
}

/** What an asynchronous instrument's callback reports to. */
export interface ObservableResultLike {
  /** Reports the current value of the series of `attributes`. */
  observe(value: number, attributes?: MetricAttributes): void;
}

/** An asynchronous (observable) counter or up-down counter. */
export interface ObservableLike {
  /** Has `callback` report the values each time the SDK collects. */
  addCallback(callback: (result: ObservableResultLike) => void): void;
}

/** A meter: makes instruments. */
export interface MeterLike {
  /** A monotonic counter. */
  createCounter(name: string, options?: InstrumentOptions): CounterLike;
  /** A histogram. */
  createHistogram(name: string, options?: InstrumentOptions): HistogramLike;
  /** An asynchronous monotonic counter (reports totals when collected). */
  createObservableCounter(name: string, options?: InstrumentOptions): ObservableLike;
  /** An asynchronous up-down counter (reports current values when collected). */
  createObservableUpDownCounter(name: string, options?: InstrumentOptions): ObservableLike;
}

/**
 * A `MeterProvider` of the OpenTelemetry metrics API: `metrics.getMeterProvider()` of
 * `@opentelemetry/api`, or an SDK's (`new MeterProvider({ readers })` of `@opentelemetry/sdk-metrics`).
 */
export interface MeterProviderLike {
  /** The meter of the instrumentation scope `name` (the library asks for `mexc-rx` and its version). */
  getMeter(name: string, version?: string): MeterLike;
}
