/**
 * What the websocket pushes for each change of the world: a SPOT balance change becomes an account
 * event (spec 6.1; `balanceAmount` is the available part, docs/service.md), a trade a deal event (6.2),
 * an order change an order event (6.3). The event is built once, normalized as the client decodes
 * it, then encoded per channel: protobuf for `.pb` channels, JSON for the others.
 *
 * @module
 */
import { createHash } from 'node:crypto';
import { channelEncoding, type PrivateChannel, type PrivateChannelKind } from '../../stream/channels.js';
import { encodeJsonFrame, encodePushFrame } from './encode-frame.js';
import type { AccountChangeType, AccountEvent, DealEvent, OrderEvent } from '../../stream/events.js';
import { ORDER_STATUS_CODES } from '../../stream/wire-codes.js';
import type { BalanceChangeReason, SimEvent } from '../state.js';

/** A pushed event as the client decodes it, without the channel it came on. */
export type PushedEvent = Omit<AccountEvent, 'channel'> | Omit<DealEvent, 'channel'> | Omit<OrderEvent, 'channel'>;

/** One event to push to an account's connections. */
export interface PushItem {
  readonly uid: string;
  readonly kind: PrivateChannelKind;
  readonly event: PushedEvent;
}

/** The account change type pushed for each reason of a balance change (docs/service.md's values). */
export const CHANGE_TYPES: Readonly<Record<BalanceChangeReason, AccountChangeType>> = {
  fund: 'DEPOSIT',
  deposit: 'DEPOSIT',
  withdraw: 'WITHDRAW',
  transfer: 'CONTRACT_TRANSFER',
  'order-place': 'ENTRUST_PLACE',
  'order-cancel': 'ENTRUST_CANCEL',
  trade: 'ENTRUST',
  'trade-fee': 'TRADE_FEE',
};

/**
 * The simulator's id of an asset (`coinId`): 32 hex digits derived from the name, stable.
 *
 * @example
 * ```ts
 * coinIdOf('USDT').length; // 32
 * ```
 */
export function coinIdOf(asset: string): string {
  return createHash('md5').update(`coin:${asset}`).digest('hex');
}

/**
 * The push a world change causes, or `undefined` when it causes none (listen-key changes, balance
 * changes outside SPOT).
 *
 * @example
 * ```ts
 * world.events.subscribe((e) => {
 *   const item = pushItemOf(e, clock.now());
 *   if (item) fanOut(item);
 * });
 * ```
 */
export function pushItemOf(event: SimEvent, sendTime: number): PushItem | undefined {
  switch (event.type) {
    case 'balance':
      if (event.accountType !== 'SPOT') return undefined;
      return {
        uid: event.uid,
        kind: 'account',
        event: {
          type: 'account',
          asset: event.asset,
          coinId: coinIdOf(event.asset),
          free: event.free,
          freeChange: event.freeChange,
          frozen: event.locked,
          frozenChange: event.lockedChange,
          changeType: CHANGE_TYPES[event.reason],
          time: event.time,
          sendTime,
          createTime: event.time,
        },
      };
    case 'trade': {
      const { uid, type: _type, ...deal } = event;
      return { uid, kind: 'deals', event: { type: 'deal', ...deal, sendTime } };
    }
    case 'order': {
      const { uid, type: _type, time: _time, ...order } = event;
      return { uid, kind: 'orders', event: { type: 'order', ...order, statusCode: ORDER_STATUS_CODES[order.status], sendTime } };
    }
    case 'listenKey':
      return undefined;
  }
}

/**
 * Encodes a pushed event for a channel: binary protobuf for `.pb` channels, JSON text otherwise.
 *
 * @example
 * ```ts
 * socket.send(frameFor('spot@private.account.v3.api.pb', item.event)); // bytes
 * ```
 */
export function frameFor(channel: PrivateChannel, event: PushedEvent): Uint8Array | string {
  return channelEncoding(channel) === 'protobuf' ? encodePushFrame({ ...event, channel }) : encodeJsonFrame({ ...event, channel });
}
