/**
 * An OpenTelemetry SDK for the metrics tests: a `MeterProvider` of `@opentelemetry/sdk-metrics`
 * with a reader the test collects from when it wants, and the figures read back by instrument
 * name. The global provider is set through the API the library itself loads (Node's own `require`
 * of `@opentelemetry/api`): jest runs a test file in a context of its own, whose `globalThis` the
 * API imported by the test would set, not the one the library's copy reads.
 */
import { createRequire } from 'node:module';
import { MeterProvider, MetricReader, type DataPoint, type Histogram, type ResourceMetrics } from '@opentelemetry/sdk-metrics';

/** A reader collected by hand. */
class ManualReader extends MetricReader {
  protected onForceFlush(): Promise<void> {
    return Promise.resolve();
  }

  protected onShutdown(): Promise<void> {
    return Promise.resolve();
  }
}

/** One data point as the tests look at it: its attributes and its value (a histogram's count). */
export interface Point {
  readonly attributes: Readonly<Record<string, unknown>>;
  readonly value: number;
  /** A histogram's sum. */
  readonly sum?: number;
}

/** What one collection holds. */
export class Collected {
  constructor(readonly metrics: ResourceMetrics) {}

  /** The data points of the instrument named `name` (none when it recorded nothing). */
  points(name: string): Point[] {
    const metric = this.metrics.scopeMetrics.flatMap((scope) => scope.metrics).find((m) => m.descriptor.name === name);
    if (metric === undefined) return [];
    return (metric.dataPoints as DataPoint<number | Histogram>[]).map((point) =>
      typeof point.value === 'number'
        ? { attributes: point.attributes, value: point.value }
        : { attributes: point.attributes, value: point.value.count, sum: point.value.sum ?? 0 },
    );
  }

  /** The sum of the instrument's points whose attributes include `where`. */
  total(name: string, where: Readonly<Record<string, string>> = {}): number {
    return this.points(name)
      .filter((p) => Object.entries(where).every(([k, v]) => p.attributes[k] === v))
      .reduce((sum, p) => sum + p.value, 0);
  }

  /** Every attribute value of every point, as text. */
  attributeValues(): string[] {
    return this.metrics.scopeMetrics.flatMap((scope) =>
      scope.metrics.flatMap((metric) => (metric.dataPoints as DataPoint<unknown>[]).flatMap((point) => Object.values(point.attributes).map(String))),
    );
  }

  /** The names of the instruments of the scope `mexc-rx`. */
  names(): string[] {
    return this.metrics.scopeMetrics.filter((s) => s.scope.name === 'mexc-rx').flatMap((scope) => scope.metrics.map((m) => m.descriptor.name));
  }
}

/** An SDK meter provider and a way to collect from it. */
export interface TestMeter {
  readonly provider: MeterProvider;
  collect(): Promise<Collected>;
}

/**
 * A provider with a manual reader.
 *
 * @example
 * ```ts
 * const meter = testMeter();
 * const client = createClient({ meterProvider: meter.provider });
 * (await meter.collect()).total('mexc_rx.http.requests');
 * ```
 */
export function testMeter(): TestMeter {
  const reader = new ManualReader();
  const provider = new MeterProvider({ readers: [reader] });
  return {
    provider,
    collect: async () => {
      const { resourceMetrics, errors } = await reader.collect();
      if (errors.length > 0) throw new Error(`collection failed: ${errors.map(String).join('; ')}`);
      return new Collected(resourceMetrics);
    },
  };
}

/** The part of `@opentelemetry/api` the tests use to set the global provider. */
interface GlobalMetricsApi {
  readonly metrics: { setGlobalMeterProvider(provider: MeterProvider): boolean; disable(): void };
}

/** `@opentelemetry/api` as the library loads it (Node's `require`, outside jest's module registry). */
export const nativeApi = createRequire(import.meta.url)('@opentelemetry/api') as GlobalMetricsApi;
