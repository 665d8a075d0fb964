/**
 * Rebate records of a broker (B15), seeded by tests through the admin interface.
 *
 * @module
 */
import { decimal } from '../decimal/fixed.js';
import { pageOf, within } from './paging.js';
import type { RebateRecordState, World } from './state.js';

const DAY = 86_400_000;

/** A rebate a test seeds. */
export interface RebateInput {
  readonly asset: string;
  /** Decimal text. */
  readonly amount: string;
  /** `spot` (default) or a futures type. */
  readonly type?: string;
  /** Uid of the user the rebate is for. Default: the broker's uid. */
  readonly uid?: string;
  /** The rebate's day: epoch ms (any time in the day, UTC) or `YYYYMMDD`. Default today. */
  readonly time?: number | string;
}

/**
 * The UTC day `YYYYMMDD` of an epoch-ms time.
 *
 * @example
 * ```ts
 * dayText(Date.UTC(2025, 0, 31, 18)); // '20250131'
 * ```
 */
export function dayText(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10).replace(/-/g, '');
}

function dayStart(time: number | string): number {
  if (typeof time === 'number') return Math.floor(time / DAY) * DAY;
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(time);
  if (!match) throw new RangeError(`not a YYYYMMDD date: ${time}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/**
 * Records a rebate for `brokerUid`.
 *
 * @example
 * ```ts
 * addRebate(world, broker.uid, { asset: 'USDT', amount: '1.25', time: '20250131' }, now);
 * ```
 */
export function addRebate(world: World, brokerUid: string, input: RebateInput, now: number): RebateRecordState {
  const record: RebateRecordState = {
    brokerUid,
    asset: input.asset,
    amount: decimal(input.amount),
    type: input.type ?? 'spot',
    uid: input.uid ?? brokerUid,
    day: dayStart(input.time ?? now),
    seq: world.next('seq'),
  };
  world.rebates.push(record);
  return record;
}

/** A page of rebates with its totals. */
export interface RebatePage {
  readonly items: readonly RebateRecordState[];
  readonly totalRecords: number;
  readonly totalPageNum: number;
}

/**
 * One page of `brokerUid`'s rebates whose day overlaps `[startTime, endTime]`, newest first.
 *
 * @example
 * ```ts
 * listRebates(world, broker.uid, { page: 1, pageSize: 10 });
 * ```
 */
export function listRebates(
  world: World,
  brokerUid: string,
  q: { readonly startTime?: number | undefined; readonly endTime?: number | undefined; readonly page: number; readonly pageSize: number },
): RebatePage {
  const from = q.startTime === undefined ? undefined : dayStart(q.startTime);
  const matches = world.rebates.filter((r) => r.brokerUid === brokerUid && within(r.day, from, q.endTime));
  matches.sort((a, b) => b.day - a.day || b.seq - a.seq);
  return {
    items: pageOf(matches, q.page, q.pageSize),
    totalRecords: matches.length,
    totalPageNum: Math.ceil(matches.length / q.pageSize),
  };
}
