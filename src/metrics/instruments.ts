/**
 * The library's instruments, made once per `MeterProvider` and shared by every client given it.
 * Stream figures (events, gaps, reconnects, streams connected) are kept as running totals, one
 * cell per attribute set, read by asynchronous instruments when the provider collects: counting an
 * event is adding one to a number (no attribute hashing per event), and every client's counts of
 * one attribute set add up in one cell. HTTP and budget figures, taken per request, go to
 * synchronous instruments.
 *
 * @module
 */
import { LIBRARY_NAME, LIBRARY_VERSION } from '../version.js';
import type { CounterLike, HistogramLike, MeterProviderLike, MetricAttributes, ObservableLike } from './meter-types.js';

/** The meter's name (the instrumentation scope). */
export const METER_NAME = LIBRARY_NAME;

/** A running total of one attribute set. */
export interface Cell {
  value: number;
  readonly attributes: MetricAttributes;
}

/** The running totals of one asynchronous instrument, by attribute set. */
export class Cells {
  private readonly byKey = new Map<string, Cell>();

  constructor(instrument: ObservableLike) {
    instrument.addCallback((result) => {
      for (const cell of this.byKey.values()) result.observe(cell.value, cell.attributes);
    });
  }

  /**
   * The cell of `attributes`, made on first use.
   *
   * @example
   * ```ts
   * cells.of({ kind: 'order' }).value += 1;
   * ```
   */
  of(attributes: MetricAttributes): Cell {
    const key = JSON.stringify(attributes);
    let cell = this.byKey.get(key);
    if (cell === undefined) {
      cell = { value: 0, attributes };
      this.byKey.set(key, cell);
    }
    return cell;
  }
}

/** Every instrument of the library on one provider. */
export interface Instruments {
  /** `mexc_rx.stream.events`: market events delivered, by `kind`. */
  readonly events: Cells;
  /** `mexc_rx.stream.gaps`: gap events delivered, by `reason`. */
  readonly gaps: Cells;
  /** `mexc_rx.stream.reconnects`: reconnection attempts (`reconnecting` events), by `reason`. */
  readonly reconnects: Cells;
  /** `mexc_rx.stream.connected`: streams connected now. */
  readonly connected: Cells;
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

function make(provider: MeterProviderLike): Instruments {
  const meter = provider.getMeter(METER_NAME, LIBRARY_VERSION);
  return {
    events: new Cells(meter.createObservableCounter('mexc_rx.stream.events', { description: 'Market events (account, deal, order) delivered to subscribers.', unit: '{event}' })),
    gaps: new Cells(meter.createObservableCounter('mexc_rx.stream.gaps', { description: 'Gap events delivered: events may have been missed.', unit: '{gap}' })),
    reconnects: new Cells(meter.createObservableCounter('mexc_rx.stream.reconnects', { description: 'Reconnection attempts of user data streams.', unit: '{reconnect}' })),
    connected: new Cells(meter.createObservableUpDownCounter('mexc_rx.stream.connected', { description: 'User data streams connected now.', unit: '{stream}' })),
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

const byProvider = new WeakMap<MeterProviderLike, Instruments>();

/**
 * The instruments on `provider`, made on first use.
 *
 * @example
 * ```ts
 * instrumentsOf(meterProvider).requests.add(1, { operation: 'M2', outcome: 'ok' });
 * ```
 */
export function instrumentsOf(provider: MeterProviderLike): Instruments {
  let instruments = byProvider.get(provider);
  if (instruments === undefined) {
    instruments = make(provider);
    byProvider.set(provider, instruments);
  }
  return instruments;
}
