/**
 * The private channels of the user data stream, in their two forms: binary protobuf (`.pb`, what
 * the service sends today) and JSON (the same names without `.pb`, whose frames use the field
 * names of spec section 6). See docs/service.md, "Websocket protocol".
 *
 * @module
 */

/** What a private channel carries: balance changes, fills, or order changes. */
export type PrivateChannelKind = 'account' | 'deals' | 'orders';

/** How a channel's frames are encoded. */
export type ChannelEncoding = 'protobuf' | 'json';

/** The binary (protobuf) channel names, by kind. */
export const PROTOBUF_CHANNELS = {
  account: 'spot@private.account.v3.api.pb',
  deals: 'spot@private.deals.v3.api.pb',
  orders: 'spot@private.orders.v3.api.pb',
} as const;

/** The JSON channel names, by kind. */
export const JSON_CHANNELS = {
  account: 'spot@private.account.v3.api',
  deals: 'spot@private.deals.v3.api',
  orders: 'spot@private.orders.v3.api',
} as const;

/** The field of a frame that holds the body, by channel kind (same name in protobuf and JSON). */
export const BODY_FIELDS = {
  account: 'privateAccount',
  deals: 'privateDeals',
  orders: 'privateOrders',
} as const;

/** A binary (protobuf) private channel name. */
export type ProtobufChannel = (typeof PROTOBUF_CHANNELS)[PrivateChannelKind];

/** A JSON private channel name. */
export type JsonChannel = (typeof JSON_CHANNELS)[PrivateChannelKind];

/** One of the six private channel names. */
export type PrivateChannel = ProtobufChannel | JsonChannel;

/**
 * Tells which kind of private channel a name is, or `undefined` when it is not one of the six.
 *
 * @example
 * ```ts
 * privateChannelKind('spot@private.deals.v3.api.pb'); // 'deals'
 * privateChannelKind('spot@private.deals.v3.api'); // 'deals'
 * privateChannelKind('spot@public.deals.v3.api.pb@BTCUSDT'); // undefined
 * ```
 */
export function privateChannelKind(channel: PrivateChannel): PrivateChannelKind;
export function privateChannelKind(channel: string): PrivateChannelKind | undefined;
export function privateChannelKind(channel: string): PrivateChannelKind | undefined {
  switch (channel) {
    case PROTOBUF_CHANNELS.account:
    case JSON_CHANNELS.account:
      return 'account';
    case PROTOBUF_CHANNELS.deals:
    case JSON_CHANNELS.deals:
      return 'deals';
    case PROTOBUF_CHANNELS.orders:
    case JSON_CHANNELS.orders:
      return 'orders';
    default:
      return undefined;
  }
}

/**
 * Tells whether a string is one of the six private channel names.
 *
 * @example
 * ```ts
 * isPrivateChannel('spot@private.orders.v3.api.pb'); // true
 * isPrivateChannel('spot@private.orders.v3.api.PB'); // false
 * ```
 */
export function isPrivateChannel(channel: string): channel is PrivateChannel {
  return privateChannelKind(channel) !== undefined;
}

/**
 * Tells how a private channel's frames are encoded: `.pb` names carry protobuf, the others JSON.
 *
 * @example
 * ```ts
 * channelEncoding('spot@private.account.v3.api.pb'); // 'protobuf'
 * channelEncoding('spot@private.account.v3.api'); // 'json'
 * ```
 */
export function channelEncoding(channel: PrivateChannel): ChannelEncoding {
  return channel.endsWith('.pb') ? 'protobuf' : 'json';
}

/**
 * The name of a private channel of a kind, in an encoding (default `protobuf`).
 *
 * @example
 * ```ts
 * privateChannel('orders'); // 'spot@private.orders.v3.api.pb'
 * privateChannel('orders', 'json'); // 'spot@private.orders.v3.api'
 * ```
 */
export function privateChannel(kind: PrivateChannelKind, encoding: ChannelEncoding = 'protobuf'): PrivateChannel {
  return encoding === 'protobuf' ? PROTOBUF_CHANNELS[kind] : JSON_CHANNELS[kind];
}
