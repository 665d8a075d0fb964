/** What the overlap deduplicator's tests share: an account event, its copies and the copy window. */
import type { OverlapDeduplicator } from '../../src/stream/identity/index.js';
import type { AccountEvent } from '../../src/stream/events.js';

export const event: AccountEvent = {
  type: 'account',
  channel: 'spot@private.account.v3.api.pb',
  asset: 'USDT',
  coinId: 'c1',
  free: '10',
  freeChange: '1',
  frozen: '0',
  frozenChange: '0',
  changeType: 'DEPOSIT',
  time: 1_000,
  sendTime: 1_000,
  createTime: undefined,
};

/** How far apart in send time two copies of one push may be. */
export const WINDOW = 100;

/** How many of `deliveries` (connection numbers, in arrival order) pass. */
export function passed(dedup: OverlapDeduplicator, deliveries: readonly number[]): number {
  return deliveries.filter((connection) => !dedup.isDuplicate(event, connection)).length;
}

/** The same event (a copy) as sent to a connection at `sendTime`. */
export const sentAt = (sendTime: number): AccountEvent => ({ ...event, sendTime });
/** Another event, sent at `sendTime`. */
export const other = (sendTime: number): AccountEvent => ({ ...event, free: '99', sendTime });
