/**
 * The request instruments (HTTP requests and the request budget), made once per `MeterProvider`
 * and shared by every client given it: figures taken per request, on synchronous instruments. The
 * stream's instruments are in `stream-metrics.ts`, with the stream.
 *
 * @module
 */
import type { CounterLike, HistogramLike, MeterLike, MeterProviderLike } from './meter-types.js';
import { perMeter } from './per-meter.js';

/** The request instruments of one provider. */
export interface RequestInstruments {
  /** `mexc_rx.http.requests`: requests sent, by `operation` and `outcome`. */
  readonly requests: CounterLike;
  /** `mexc_rx.http.request.duration`: seconds from sending to the answer (or the failure). */
  readonly requestDuration: HistogramLike;
  /** `mexc_rx.budget.wait.duration`: seconds a request waited for the request budget. */
  readonly budgetWait: HistogramLike;
  /** `mexc_rx.budget.pauses`: refusals (429, 418) that paused the budget, by `status`. */
  readonly budgetPauses: CounterLike;
}

/** Seconds, from 5 ms to 10 s (the semantic conventions' HTTP buckets). */
const REQUEST_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];
/** Seconds, from nothing to past the longest pause a call waits by default (30 s). */
const WAIT_SECONDS = [0, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

function make(meter: MeterLike): RequestInstruments {
  return {
    requests: meter.createCounter('mexc_rx.http.requests', { description: 'HTTP requests sent, by operation id and outcome.', unit: '{request}' }),
    requestDuration: meter.createHistogram('mexc_rx.http.request.duration', {
      description: 'Time from sending a request to its answer or failure.',
      unit: 's',
      advice: { explicitBucketBoundaries: REQUEST_SECONDS },
    }),
    budgetWait: meter.createHistogram('mexc_rx.budget.wait.duration', {
      description: 'Time a request waited for the request budget before it was sent.',
      unit: 's',
      advice: { explicitBucketBoundaries: WAIT_SECONDS },
    }),
    budgetPauses: meter.createCounter('mexc_rx.budget.pauses', { description: 'Refusals of the service (429, 418) that paused the request budget.', unit: '{pause}' }),
  };
}

/**
 * The request instruments on `provider`, made on first use.
 *
 * @example
 * ```ts
 * requestInstrumentsOf(meterProvider).requests.add(1, { operation: 'M2', outcome: 'ok' });
 * ```
 */
export const requestInstrumentsOf: (provider: MeterProviderLike) => RequestInstruments = /* @__PURE__ */ perMeter(make);
