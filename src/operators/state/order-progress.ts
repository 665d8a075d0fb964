/**
 * The rule that makes the order book immune to late, duplicated and reordered events: reports of
 * one order (order events, resync seeds) are ranked by how far along the order they describe, and
 * only a report that ranks higher than what the book holds changes it. The rank is a total order
 * over the reports, so the book ends in the same state whatever order the reports came in.
 *
 * @module
 */
import type { OrderStatus } from '../../stream/events.js';
import { compareDecimal } from '../../decimal/arithmetic.js';
import { isTerminalStatus, type OrderSeed } from './order-state.js';

/** What ranks a report: an order event or a seed, read through these fields. */
export type OrderReport = Pick<OrderSeed, 'cumulativeQuantity' | 'cumulativeAmount' | 'status' | 'updatedAt'>;

const STATUS_RANK: Readonly<Record<OrderStatus, number>> = {
  NEW: 1,
  PARTIALLY_FILLED: 2,
  CANCELED: 3,
  PARTIALLY_CANCELED: 4,
  FILLED: 5,
};

/**
 * Compares how far along two reports of one order are: by cumulative quantity (exactly, as
 * decimals), then final over not final, then cumulative amount, then service time, then status.
 * Positive when `a` is further along.
 *
 * @example
 * ```ts
 * compareProgress(
 *   { cumulativeQuantity: '10', cumulativeAmount: '35', status: 'PARTIALLY_FILLED', updatedAt: 2 },
 *   { cumulativeQuantity: '9.5', cumulativeAmount: '33', status: 'PARTIALLY_FILLED', updatedAt: 3 },
 * ); // 1: more quantity filled wins, whatever the times say
 * ```
 */
export function compareProgress(a: OrderReport, b: OrderReport): number {
  return (
    compareDecimal(a.cumulativeQuantity, b.cumulativeQuantity) ||
    Number(isTerminalStatus(a.status)) - Number(isTerminalStatus(b.status)) ||
    compareDecimal(a.cumulativeAmount, b.cumulativeAmount) ||
    Math.sign(a.updatedAt - b.updatedAt) ||
    STATUS_RANK[a.status] - STATUS_RANK[b.status]
  );
}

/**
 * The status of an order from its furthest report and its furthest final report: once final,
 * final for good; a cancel that is seen with fills is a partial cancel.
 *
 * @example
 * ```ts
 * resolveStatus({ status: 'PARTIALLY_FILLED', cumulativeQuantity: '3' }, { status: 'CANCELED' }); // 'PARTIALLY_CANCELED'
 * resolveStatus({ status: 'PARTIALLY_FILLED', cumulativeQuantity: '3' }, undefined); // 'PARTIALLY_FILLED'
 * ```
 */
export function resolveStatus(
  best: Pick<OrderReport, 'status' | 'cumulativeQuantity'>,
  final: Pick<OrderReport, 'status'> | undefined,
): OrderStatus {
  if (!final) return best.status;
  if (final.status === 'CANCELED' && compareDecimal(best.cumulativeQuantity, '0') > 0) return 'PARTIALLY_CANCELED';
  return final.status;
}
