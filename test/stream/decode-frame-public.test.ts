/**
 * decodeFrame as users get it from the package root: bytes in any of the forms a socket hands
 * over, or text, to a typed event or a typed refusal; never a throw, whatever it is given.
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { decodeFrame, type FrameResult } from '../../src/index.js';
import { encodeJsonFrame, encodePushFrame } from '../../src/simulator/ws/encode-frame.js';
import { orderEvent } from './fixtures.js';

describe('decodeFrame, from the package root', () => {
  const bytes = encodePushFrame(orderEvent);

  it('reads a binary frame in every form a socket hands it over to the same event', () => {
    const padded = new Uint8Array(bytes.length + 11);
    padded.set(bytes, 5);
    for (const data of [bytes, Buffer.from(bytes), bytes.slice().buffer, padded.subarray(5, 5 + bytes.length), new DataView(padded.buffer, 5, bytes.length)]) {
      expect(decodeFrame(data)).toEqual({ kind: 'event', event: orderEvent });
    }
  });

  it('reads text frames: a JSON push, a control reply, the plain-text refusal', () => {
    expect(decodeFrame(encodeJsonFrame({ ...orderEvent, channel: 'spot@private.orders.v3.api' }))).toEqual({ kind: 'event', event: { ...orderEvent, channel: 'spot@private.orders.v3.api' } });
    expect(decodeFrame('{"id":0,"code":0,"msg":"PONG"}')).toEqual({ kind: 'control', control: { type: 'pong', id: 0, code: 0, msg: 'PONG' } });
    expect(decodeFrame('Invalid listen key')).toEqual({ kind: 'control', control: { type: 'invalid-listen-key', text: 'Invalid listen key' } });
  });

  it('says what it refuses in its result: a broken rule with its field, a channel it does not handle', () => {
    const refused = decodeFrame(encodePushFrame({ ...orderEvent, price: '-1' }));
    expect(refused).toEqual({ kind: 'malformed', reason: expect.stringMatching(/^protobuf: privateOrders\.price: expected /), channel: 'spot@private.orders.v3.api.pb' });
    expect(refused.kind === 'malformed' && refused.reason).not.toContain('-1');
    expect(decodeFrame('{"channel":"spot@public.deals.v3.api@BTCUSDT","publicDeals":{}}')).toEqual({ kind: 'unknown', channel: 'spot@public.deals.v3.api@BTCUSDT' });
  });

  it('never throws, whatever it is given: cut frames, noise, and values that are not frames at all', () => {
    const kinds = new Set(['event', 'control', 'malformed', 'unknown']);
    const check = (data: unknown): FrameResult => {
      const result = decodeFrame(data as string);
      expect(kinds.has(result.kind)).toBe(true);
      return result;
    };
    for (let cut = 0; cut < bytes.length; cut++) check(bytes.subarray(0, cut));
    fc.assert(fc.property(fc.oneof(fc.uint8Array(), fc.string(), fc.jsonValue().map((v) => JSON.stringify(v))), (data) => void check(data)));
    for (const value of [null, undefined, 42, {}, [], [bytes], new Blob([]), Symbol('frame')]) expect(check(value).kind).toBe('malformed');
  });
});
