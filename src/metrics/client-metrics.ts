/**
 * What one client records, and with which attributes: its requests, its waits for the request
 * budget and the service's pauses, and its user data streams. Attributes are bounded: an operation
 * id, an outcome, an event kind, a reason or a status from the library's own short lists, and the
 * client's `accountId` only when `metricsAccount` asks for it. Never a key, a secret or a listen key.
 *
 * @module
 */
import type { OperationId } from '../operation-id.js';
import { instrumentsOf, type Cell, type Instruments } from './instruments.js';
import type { MeterProviderLike, MetricAttributes } from './meter-types.js';
import type { RequestOutcome } from './outcome.js';

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

/** A client's recorder. */
export interface ClientMetrics {
  /** A request was sent and ended with `outcome` after `seconds`. */
  request(operation: OperationId, outcome: RequestOutcome, seconds: number): void;
  /** A request waited `seconds` for the request budget (0 when it went at once). */
  budgetWaited(operation: OperationId, seconds: number): void;
  /** The service refused a request with `status`, pausing the budget. */
  budgetPaused(status: 429 | 418): void;
  /** A recorder for a new run of one of the client's streams. */
  streamRun(): StreamRecorder;
}

class RunRecorder implements StreamRecorder {
  private connected = false;
  private readonly account: Cell;
  private readonly deal: Cell;
  private readonly order: Cell;
  private readonly connectedNow: Cell;

  constructor(
    private readonly instruments: Instruments,
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
 * The recorder of a client on `provider`; `account` (the client's `accountId`, when the user opted
 * in) is added to every measurement.
 *
 * @example
 * ```ts
 * const metrics = clientMetrics(meterProvider, undefined);
 * metrics.request('M2', 'ok', 0.042);
 * ```
 */
export function clientMetrics(provider: MeterProviderLike, account: string | undefined): ClientMetrics {
  const instruments = instrumentsOf(provider);
  const base: MetricAttributes = account === undefined ? {} : { account };
  return {
    request: (operation, outcome, seconds) => {
      const attributes = { ...base, operation, outcome };
      instruments.requests.add(1, attributes);
      instruments.requestDuration.record(seconds, attributes);
    },
    budgetWaited: (operation, seconds) => instruments.budgetWait.record(seconds, { ...base, operation }),
    budgetPaused: (status) => instruments.budgetPauses.add(1, { ...base, status: String(status) }),
    streamRun: () => new RunRecorder(instruments, base),
  };
}
