/**
 * The bridge's deduplication ids at their edges: the identity of a market event does not depend
 * on the order its fields were set in nor on fields left undefined, and the occurrence index
 * shows only from the second occurrence on.
 */
import { describe, expect, it } from '@jest/globals';
import { contentHash, marketIdentity, marketMessageId, messageId } from '../../src/bridge/message-id.js';
import type { MarketEvent } from '../../src/stream/events.js';
import { accountEvent, orderEvent } from '../stream/fixtures.js';

/** `event` with its fields set in the reverse order (same names, same values). */
function reversed(event: MarketEvent): MarketEvent {
  return Object.fromEntries(Object.entries(event).reverse()) as unknown as MarketEvent;
}

describe('marketIdentity', () => {
  it('does not depend on the order the fields were set in', () => {
    expect(Object.keys(reversed(orderEvent))).not.toEqual(Object.keys(orderEvent));
    expect(marketIdentity('a', reversed(orderEvent))).toBe(marketIdentity('a', orderEvent));
    expect(contentHash('a', reversed(accountEvent))).toBe(contentHash('a', accountEvent));
  });

  it('lists the fields by name, in order, without sendTime, channel and the undefined ones', () => {
    const event = { ...accountEvent, createTime: undefined };
    const [account, fields] = JSON.parse(marketIdentity('strategy01', event)) as [string, [string, unknown][]];
    expect(account).toBe('strategy01');
    const names = fields.map(([name]) => name);
    expect(names).toEqual([...names].sort());
    expect(names).toEqual(['asset', 'changeType', 'coinId', 'free', 'freeChange', 'frozen', 'frozenChange', 'time', 'type']);
  });

  it('is the same for an event with a field undefined and one without the field', () => {
    const { createTime: _left, ...without } = accountEvent;
    expect(marketIdentity('a', { ...accountEvent, createTime: undefined })).toBe(marketIdentity('a', without as MarketEvent));
  });
});

describe('marketMessageId', () => {
  it('leaves the occurrence out for the first occurrence, and appends it from the second on', () => {
    expect(marketMessageId('account', 'abc', 0)).toBe('mexc1:account:abc');
    expect(marketMessageId('account', 'abc', 1)).toBe('mexc1:account:abc:1');
    expect(marketMessageId('deal', 'abc', 12)).toBe('mexc1:deal:abc:12');
  });

  it('is what messageId gives a market event, whichever publisher and sequence number', () => {
    const hash = contentHash('a', orderEvent);
    expect(messageId({ account: 'a', event: orderEvent }, { worker: 'w0', run: 'r' }, 7)).toBe(`mexc1:order:${hash}`);
    expect(messageId({ account: 'a', event: orderEvent }, { worker: 'w1', run: 's' }, 9, 2)).toBe(`mexc1:order:${hash}:2`);
  });
});
