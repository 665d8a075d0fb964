/**
 * What a user data stream of a client records: events delivered, gaps, reconnection attempts and
 * streams connected, as running totals ({@link Cells}) read by asynchronous instruments. The
 * instruments are made once per `MeterProvider`, when the first stream of a client on it starts.
 * This code comes with the stream, not with `createClient`: a page that makes a client and never
 * streams carries none of it (docs/performance.md, "What the library adds to a page").
 *
 * @module
 */
import { Cells, type Cell } from './cells.js';
import type { ClientMetrics } from './client-metrics.js';
import type { MeterLike, MetricAttributes } from './meter-types.js';
import { perMeter } from './per-meter.js';

/** What a stream recorder looks at in an event: its type, and the reason of a gap or a reconnect. */
export interface StreamEventLike {
  readonly type: string;
  readonly reason?: string;
}

/** Records one run of a user data stream (from its first subscriber to its end). */
export interface StreamRecorder {
  /** An event is being delivered to the stream's subscribers. */
  delivered(event: StreamEventLike): void;
  /** The run is over (stopped, completed or failed): it is no longer connected. Idempotent. */
  ended(): void;
}

/** The stream instruments of one provider. */
interface StreamInstruments {
  /** `mexc_rx.stream.events`: market events delivered, by `kind`. */
  readonly events: Cells;
  /** `mexc_rx.stream.gaps`: gap events delivered, by `reason`. */
  readonly gaps: Cells;
  /** `mexc_rx.stream.reconnects`: reconnection attempts (`reconnecting` events), by `reason`. */
  readonly reconnects: Cells;
  /** `mexc_rx.stream.connected`: streams connected now. */
  readonly connected: Cells;
}

function make(meter: MeterLike): StreamInstruments {
  return {
    events: new Cells(meter.createObservableCounter('mexc_rx.stream.events', { description: 'Market events (account, deal, order) delivered to subscribers.', unit: '{event}' })),
    gaps: new Cells(meter.createObservableCounter('mexc_rx.stream.gaps', { description: 'Gap events delivered: events may have been missed.', unit: '{gap}' })),
    reconnects: new Cells(meter.createObservableCounter('mexc_rx.stream.reconnects', { description: 'Reconnection attempts of user data streams.', unit: '{reconnect}' })),
    connected: new Cells(meter.createObservableUpDownCounter('mexc_rx.stream.connected', { description: 'User data streams connected now.', unit: '{stream}' })),
  };
}

/** The stream instruments on a provider, made at the first stream of a client on it. */
const streamInstrumentsOf = /* @__PURE__ */ perMeter(make);

class RunRecorder implements StreamRecorder {
  private connected = false;
  private readonly account: Cell;
  private readonly deal: Cell;
  private readonly order: Cell;
  private readonly connectedNow: Cell;

  constructor(
    private readonly instruments: StreamInstruments,
    private readonly base: MetricAttributes,
  ) {
    this.account = instruments.events.of({ ...base, kind: 'account' });
    this.deal = instruments.events.of({ ...base, kind: 'deal' });
    this.order = instruments.events.of({ ...base, kind: 'order' });
    this.connectedNow = instruments.connected.of(base);
  }

  delivered(event: StreamEventLike): void {
    switch (event.type) {
      case 'account':
        this.account.value += 1;
        return;
      case 'deal':
        this.deal.value += 1;
        return;
      case 'order':
        this.order.value += 1;
        return;
      case 'connected':
        if (!this.connected) this.connectedNow.value += 1;
        this.connected = true;
        return;
      case 'reconnecting':
        this.ended();
        this.instruments.reconnects.of({ ...this.base, reason: event.reason ?? 'unknown' }).value += 1;
        return;
      case 'gap':
        this.instruments.gaps.of({ ...this.base, reason: event.reason ?? 'unknown' }).value += 1;
        return;
      case 'stopped':
        this.ended();
        return;
    }
  }

  ended(): void {
    if (this.connected) this.connectedNow.value -= 1;
    this.connected = false;
  }
}

/**
 * A recorder for a new run of one of a client's streams, on the client's provider and with its
 * attributes.
 *
 * @example
 * ```ts
 * const metrics = metricsOf(client);
 * const run = metrics === undefined ? undefined : streamRunRecorder(metrics);
 * run?.delivered({ type: 'connected' });
 * ```
 */
export function streamRunRecorder(metrics: ClientMetrics): StreamRecorder {
  return new RunRecorder(streamInstrumentsOf(metrics.provider), metrics.attributes);
}
