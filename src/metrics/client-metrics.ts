/**
 * What one client records, and with which attributes: its requests, its waits for the request
 * budget and the service's pauses (its user data streams record with `stream-metrics.ts`, on the
 * same provider and with the same attributes). Attributes are bounded: an operation
 * id, an outcome, an event kind, a reason or a status from the library's own short lists, and the
 * client's `accountId` only when `metricsAccount` asks for it. Never a key, a secret or a listen key.
 *
 * @module
 */
import type { OperationId } from '../operation-id.js';
import { requestInstrumentsOf } from './instruments.js';
import type { MeterProviderLike, MetricAttributes } from './meter-types.js';
import type { RequestOutcome } from './outcome.js';

/** A client's recorder. */
export interface ClientMetrics {
  /** A request was sent and ended with `outcome` after `seconds`. */
  request(operation: OperationId, outcome: RequestOutcome, seconds: number): void;
  /** A request waited `seconds` for the request budget (0 when it went at once). */
  budgetWaited(operation: OperationId, seconds: number): void;
  /** The service refused a request with `status`, pausing the budget. */
  budgetPaused(status: 429 | 418): void;
  /** The provider the client records on; its streams record there too (`stream-metrics.ts`). */
  readonly provider: MeterProviderLike;
  /** What every measurement of the client carries: its `account`, when `metricsAccount` asks for it. */
  readonly attributes: MetricAttributes;
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
  const instruments = requestInstrumentsOf(provider);
  const base: MetricAttributes = account === undefined ? {} : { account };
  return {
    request: (operation, outcome, seconds) => {
      const attributes = { ...base, operation, outcome };
      instruments.requests.add(1, attributes);
      instruments.requestDuration.record(seconds, attributes);
    },
    budgetWaited: (operation, seconds) => instruments.budgetWait.record(seconds, { ...base, operation }),
    budgetPaused: (status) => instruments.budgetPauses.add(1, { ...base, status: String(status) }),
    provider,
    attributes: base,
  };
}
