/**
 * Encoders of push frames, the inverse of the decoders: for tests and for the simulator, which
 * pushes frames the way the service does. Protobuf frames are built with the generated schema;
 * JSON frames use the field names of spec section 6.
 *
 * @module
 */
import { create, toBinary, type MessageInitShape } from '@bufbuild/protobuf';
import { PushDataV3ApiWrapperSchema } from '../../gen/mexc/push_data_v3_pb.js';
import { JSON_CHANNELS, PROTOBUF_CHANNELS } from '../../stream/channels.js';
import type { AccountEvent, DealEvent, OrderEvent } from '../../stream/events.js';
import { ORDER_STATUS_CODES, ORDER_TYPE_CODES, SIDE_CODES } from '../../stream/wire-codes.js';

/** An account event to encode; `channel` defaults to the kind's channel, `createTime` may be left out. */
export type AccountFrameInput = Omit<AccountEvent, 'channel' | 'createTime'> & {
  readonly channel?: string;
  readonly createTime?: number | undefined;
};

/** A deal event to encode; `channel` defaults to the kind's channel, `clientOrderId` may be left out. */
export type DealFrameInput = Omit<DealEvent, 'channel' | 'clientOrderId'> & {
  readonly channel?: string;
  readonly clientOrderId?: string | undefined;
};

/**
 * An order event to encode; `channel` defaults to the kind's channel; `clientOrderId` and
 * `lastDealQuantity` may be left out; the wire status code comes from `status` (an event's
 * `statusCode` is ignored).
 */
export type OrderFrameInput = Omit<OrderEvent, 'channel' | 'clientOrderId' | 'lastDealQuantity' | 'statusCode'> & {
  readonly channel?: string;
  readonly clientOrderId?: string | undefined;
  readonly lastDealQuantity?: string | undefined;
};

/** What the encoders take: a market event, or the same with its defaultable fields left out. */
export type PushFrameInput = AccountFrameInput | DealFrameInput | OrderFrameInput;

type WrapperInit = MessageInitShape<typeof PushDataV3ApiWrapperSchema>;

/**
 * Encodes an event as a binary push frame, as the service sends it on a `.pb` channel. Times must
 * be integers (epoch ms); values are written as given, not validated, so tests can also encode
 * frames the decoder must refuse.
 *
 * @example
 * ```ts
 * const bytes = encodePushFrame({ type: 'account', asset: 'USDT', coinId: 'c1', free: '10', freeChange: '10',
 *   frozen: '0', frozenChange: '0', changeType: 'DEPOSIT', time: 1736416910000, sendTime: 1736417034307 });
 * decodeFrame(bytes); // { kind: 'event', event: { type: 'account', channel: 'spot@private.account.v3.api.pb', ... } }
 * ```
 */
export function encodePushFrame(input: PushFrameInput): Uint8Array {
  return toBinary(PushDataV3ApiWrapperSchema, create(PushDataV3ApiWrapperSchema, wrapperInit(input)));
}

function wrapperInit(input: PushFrameInput): WrapperInit {
  switch (input.type) {
    case 'account':
      return {
        channel: input.channel ?? PROTOBUF_CHANNELS.account,
        createTime: input.createTime === undefined ? undefined : BigInt(input.createTime),
        sendTime: BigInt(input.sendTime),
        body: {
          case: 'privateAccount',
          value: {
            vcoinName: input.asset,
            coinId: input.coinId,
            balanceAmount: input.free,
            balanceAmountChange: input.freeChange,
            frozenAmount: input.frozen,
            frozenAmountChange: input.frozenChange,
            type: input.changeType,
            time: BigInt(input.time),
          },
        },
      };
    case 'deal':
      return {
        channel: input.channel ?? PROTOBUF_CHANNELS.deals,
        symbol: input.symbol,
        sendTime: BigInt(input.sendTime),
        body: {
          case: 'privateDeals',
          value: {
            price: input.price,
            quantity: input.quantity,
            amount: input.amount,
            tradeType: SIDE_CODES[input.side],
            isMaker: input.isMaker,
            isSelfTrade: input.isSelfTrade,
            tradeId: input.tradeId,
            clientOrderId: input.clientOrderId ?? '',
            orderId: input.orderId,
            feeAmount: input.feeAmount,
            feeCurrency: input.feeCurrency,
            time: BigInt(input.time),
          },
        },
      };
    case 'order':
      return {
        channel: input.channel ?? PROTOBUF_CHANNELS.orders,
        symbol: input.symbol,
        sendTime: BigInt(input.sendTime),
        body: {
          case: 'privateOrders',
          value: {
            id: input.orderId,
            clientId: input.clientOrderId ?? '',
            price: input.price,
            quantity: input.quantity,
            amount: input.amount,
            avgPrice: input.avgPrice,
            orderType: ORDER_TYPE_CODES[input.orderType],
            tradeType: SIDE_CODES[input.side],
            isMaker: input.isMaker,
            remainAmount: input.remainAmount,
            remainQuantity: input.remainQuantity,
            lastDealQuantity: input.lastDealQuantity,
            cumulativeQuantity: input.cumulativeQuantity,
            cumulativeAmount: input.cumulativeAmount,
            status: ORDER_STATUS_CODES[input.status],
            createTime: BigInt(input.createTime),
          },
        },
      };
  }
}

/**
 * Encodes an event as a JSON push frame of a JSON channel, with the field names of spec section 6
 * (`privateAccount`, `privateDeals`, `privateOrders`); times are numbers, `undefined` fields are
 * left out.
 *
 * @example
 * ```ts
 * encodeJsonFrame({ type: 'account', asset: 'USDT', coinId: 'c1', free: '10', freeChange: '10', frozen: '0',
 *   frozenChange: '0', changeType: 'DEPOSIT', time: 1736416910000, sendTime: 1736417034307 });
 * // '{"channel":"spot@private.account.v3.api","sendTime":1736417034307,"privateAccount":{"vcoinName":"USDT",...}}'
 * ```
 */
export function encodeJsonFrame(input: PushFrameInput): string {
  switch (input.type) {
    case 'account':
      return JSON.stringify({
        channel: input.channel ?? JSON_CHANNELS.account,
        createTime: input.createTime,
        sendTime: input.sendTime,
        privateAccount: {
          vcoinName: input.asset,
          coinId: input.coinId,
          balanceAmount: input.free,
          balanceAmountChange: input.freeChange,
          frozenAmount: input.frozen,
          frozenAmountChange: input.frozenChange,
          type: input.changeType,
          time: input.time,
        },
      });
    case 'deal':
      return JSON.stringify({
        channel: input.channel ?? JSON_CHANNELS.deals,
        symbol: input.symbol,
        sendTime: input.sendTime,
        privateDeals: {
          price: input.price,
          quantity: input.quantity,
          amount: input.amount,
          tradeType: SIDE_CODES[input.side],
          isMaker: input.isMaker,
          isSelfTrade: input.isSelfTrade,
          tradeId: input.tradeId,
          clientOrderId: input.clientOrderId,
          orderId: input.orderId,
          feeAmount: input.feeAmount,
          feeCurrency: input.feeCurrency,
          time: input.time,
        },
      });
    case 'order':
      return JSON.stringify({
        channel: input.channel ?? JSON_CHANNELS.orders,
        symbol: input.symbol,
        sendTime: input.sendTime,
        privateOrders: {
          id: input.orderId,
          clientId: input.clientOrderId,
          price: input.price,
          quantity: input.quantity,
          amount: input.amount,
          avgPrice: input.avgPrice,
          orderType: ORDER_TYPE_CODES[input.orderType],
          tradeType: SIDE_CODES[input.side],
          isMaker: input.isMaker,
          remainAmount: input.remainAmount,
          remainQuantity: input.remainQuantity,
          lastDealQuantity: input.lastDealQuantity,
          cumulativeQuantity: input.cumulativeQuantity,
          cumulativeAmount: input.cumulativeAmount,
          status: ORDER_STATUS_CODES[input.status],
          createTime: input.createTime,
        },
      });
  }
}
