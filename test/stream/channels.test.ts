import { describe, expect, it } from '@jest/globals';
import {
  channelEncoding,
  isPrivateChannel,
  JSON_CHANNELS,
  privateChannel,
  privateChannelKind,
  PROTOBUF_CHANNELS,
} from '../../src/stream/channels.js';

describe('private channels', () => {
  it('names the three channels as docs/service.md spells them, with and without .pb', () => {
    expect(PROTOBUF_CHANNELS).toEqual({
      account: 'spot@private.account.v3.api.pb',
      deals: 'spot@private.deals.v3.api.pb',
      orders: 'spot@private.orders.v3.api.pb',
    });
    expect(JSON_CHANNELS).toEqual({
      account: 'spot@private.account.v3.api',
      deals: 'spot@private.deals.v3.api',
      orders: 'spot@private.orders.v3.api',
    });
  });

  it('tells the kind of either form, and nothing for other channels', () => {
    expect(privateChannelKind('spot@private.account.v3.api.pb')).toBe('account');
    expect(privateChannelKind('spot@private.account.v3.api')).toBe('account');
    expect(privateChannelKind('spot@private.deals.v3.api.pb')).toBe('deals');
    expect(privateChannelKind('spot@private.deals.v3.api')).toBe('deals');
    expect(privateChannelKind('spot@private.orders.v3.api.pb')).toBe('orders');
    expect(privateChannelKind('spot@private.orders.v3.api')).toBe('orders');
    for (const other of ['', 'spot@public.deals.v3.api.pb@BTCUSDT', 'spot@private.orders.v3.api.PB', ' spot@private.orders.v3.api']) {
      expect(privateChannelKind(other)).toBeUndefined();
      expect(isPrivateChannel(other)).toBe(false);
    }
  });

  it('tells the encoding and builds names from kind and encoding', () => {
    expect(channelEncoding('spot@private.deals.v3.api.pb')).toBe('protobuf');
    expect(channelEncoding('spot@private.deals.v3.api')).toBe('json');
    expect(privateChannel('orders')).toBe('spot@private.orders.v3.api.pb');
    expect(privateChannel('account', 'json')).toBe('spot@private.account.v3.api');
    expect(privateChannel('deals', 'protobuf')).toBe('spot@private.deals.v3.api.pb');
  });
});
