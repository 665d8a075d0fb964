import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { decodeFrame } from '../../src/stream/decode-frame.js';
import { encodeJsonFrame, encodePushFrame } from '../../src/simulator/ws/encode-frame.js';
import type { MarketEvent } from '../../src/stream/events.js';
import type { FrameResult } from '../../src/stream/frame-result.js';
import { anyCodePoints, marketEventArbitrary } from './arbitraries.js';
import { accountEvent, dealEvent, orderEvent } from './fixtures.js';

const DECIMAL = /^-?\d+(?:\.\d+)?$/;
const UNSIGNED = /^\d+(?:\.\d+)?$/;

/**
 * Decodes and checks the result is well-formed; a throw, or a result breaking a rule, fails the
 * run with what was wrong. Checked in plain code, not with matchers: this runs thousands of times
 * per test, and a matcher builds an error with a stack trace at each call.
 */
function decodeSafely(data: Uint8Array | ArrayBuffer | string): FrameResult {
  let result: FrameResult;
  try {
    result = decodeFrame(data);
  } catch (error) {
    throw new Error(`decodeFrame threw: ${String(error)}`);
  }
  const problems = resultProblems(result);
  if (problems.length > 0) throw new Error(`decodeFrame gave a result breaking ${problems.join(', ')}: ${JSON.stringify(result)}`);
  return result;
}

function resultProblems(result: FrameResult): string[] {
  if (!['event', 'control', 'malformed', 'unknown'].includes(result.kind)) return ['its kind'];
  if (result.kind === 'event') return eventProblems(result.event);
  if (result.kind === 'malformed' && result.reason.length === 0) return ['a reason'];
  return [];
}

/** Whatever bytes came in, an event that comes out satisfies the rules: the names of the rules it breaks. */
function eventProblems(event: MarketEvent): string[] {
  const time = event.type === 'order' ? event.createTime : event.time;
  const rules: [string, boolean][] = [['millisecond times', [event.sendTime, time].every((millis) => Number.isSafeInteger(millis) && millis > 0)]];
  switch (event.type) {
    case 'account':
      // Balances are signed: the service has sent a negative frozen amount.
      rules.push(
        ['free', DECIMAL.test(event.free)],
        ['frozen', DECIMAL.test(event.frozen)],
        ['freeChange', DECIMAL.test(event.freeChange)],
        ['frozenChange', DECIMAL.test(event.frozenChange)],
        ['asset', event.asset.length > 0],
      );
      break;
    case 'deal':
      rules.push(
        ['side', ['BUY', 'SELL'].includes(event.side)],
        ['price', UNSIGNED.test(event.price)],
        ['feeAmount', DECIMAL.test(event.feeAmount)],
        ['orderId', event.orderId.length > 0],
      );
      break;
    case 'order':
      rules.push(
        ['statusCode', [1, 2, 3, 4, 5].includes(event.statusCode)],
        ['orderType', ['LIMIT', 'POST_ONLY', 'IOC', 'FOK', 'MARKET', 'STOP_LIMIT'].includes(event.orderType)],
        ['cumulativeAmount', UNSIGNED.test(event.cumulativeAmount)],
        ['orderId', event.orderId.length > 0],
      );
      break;
  }
  return rules.filter(([, holds]) => !holds).map(([rule]) => rule);
}

const validFrames = [encodePushFrame(accountEvent), encodePushFrame(dealEvent), encodePushFrame(orderEvent)];

describe('decodeFrame never throws', () => {
  it('on random bytes (3000 seeded runs)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => {
        decodeSafely(bytes);
      }),
      { seed: 1337, numRuns: 3000 },
    );
  });

  it('on random bytes behind a valid channel field, so the body parser is reached (3000 seeded runs)', () => {
    const channelField = (channel: string): number[] => {
      const bytes = new TextEncoder().encode(channel);
      return [0x0a, bytes.length, ...bytes];
    };
    const prefixes = ['spot@private.orders.v3.api.pb', 'spot@private.deals.v3.api.pb', 'spot@private.account.v3.api'].map(channelField);
    const kinds = new Set<string>();
    fc.assert(
      fc.property(fc.constantFrom(...prefixes), fc.uint8Array({ maxLength: 300 }), (prefix, tail) => {
        const result = decodeSafely(new Uint8Array([...prefix, ...tail]));
        kinds.add(result.kind === 'malformed' ? result.reason.split(':').slice(0, 2).join(':') : result.kind);
      }),
      { seed: 4242, numRuns: 3000 },
    );
    // The runs got past the channel: some failed on the body, not only on undecodable bytes.
    expect([...kinds].some((kind) => /protobuf: (sendTime|symbol|private)/.test(kind))).toBe(true);
  });

  it('on valid frames with random bytes changed, inserted or deleted (3000 seeded runs)', () => {
    const mutation = fc.record({
      frame: fc.constantFrom(...validFrames),
      at: fc.nat(),
      op: fc.constantFrom('flip', 'insert', 'delete', 'set'),
      byte: fc.integer({ min: 0, max: 255 }),
    });
    const counts: Record<FrameResult['kind'], number> = { event: 0, control: 0, malformed: 0, unknown: 0 };
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 4 }), (mutations) => {
        let bytes = Array.from(mutations[0]?.frame ?? validFrames[0] ?? []);
        for (const { at, op, byte } of mutations) {
          const i = bytes.length === 0 ? 0 : at % bytes.length;
          if (op === 'flip') bytes[i] = (bytes[i] ?? 0) ^ (1 << (byte % 8));
          else if (op === 'set') bytes[i] = byte;
          else if (op === 'insert') bytes = [...bytes.slice(0, i), byte, ...bytes.slice(i)];
          else bytes = [...bytes.slice(0, i), ...bytes.slice(i + 1)];
        }
        counts[decodeSafely(new Uint8Array(bytes)).kind] += 1;
      }),
      { seed: 99, numRuns: 3000 },
    );
    // Mutations that keep the frame valid still give events; the others are caught.
    expect(counts.event).toBeGreaterThan(100);
    expect(counts.malformed).toBeGreaterThan(1000);
  });

  it('on every truncation of a valid frame, each reported malformed', () => {
    for (const bytes of validFrames) {
      for (let length = 0; length < bytes.length; length++) {
        expect(decodeSafely(bytes.subarray(0, length)).kind).toBe('malformed');
      }
    }
  });

  it('on deeply nested groups and absurd lengths', () => {
    const startGroup = 0x7b; // field 15, wire type 3 (start group)
    expect(decodeSafely(new Uint8Array(5000).fill(startGroup)).kind).toBe('malformed');
    expect(decodeSafely(new Uint8Array([0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f])).kind).toBe('malformed');
    expect(decodeSafely(new Uint8Array([0x0a, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01])).kind).toBe('malformed');
    // Invalid UTF-8 in the channel string.
    expect(decodeSafely(new Uint8Array([0x0a, 0x02, 0xc3, 0x28])).kind).toBe('malformed');
  });

  it('on random text and random JSON (2000 seeded runs each)', () => {
    fc.assert(
      fc.property(anyCodePoints(200), (text) => {
        decodeSafely(text);
      }),
      { seed: 7, numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.json(), (text) => {
        decodeSafely(text);
      }),
      { seed: 8, numRuns: 2000 },
    );
  });

  it('on JSON frames with any value in any field (2000 seeded runs)', () => {
    fc.assert(
      fc.property(marketEventArbitrary(), fc.nat(), fc.jsonValue(), fc.boolean(), (event, pick, value, inBody) => {
        const frame = JSON.parse(encodeJsonFrame(event)) as Record<string, unknown>;
        const bodyKey = Object.keys(frame).find((key) => key.startsWith('private')) ?? 'channel';
        const target = inBody ? (frame[bodyKey] as Record<string, unknown>) : frame;
        const keys = Object.keys(target);
        const key = keys[pick % keys.length] ?? 'channel';
        target[key] = value;
        decodeSafely(JSON.stringify(frame));
      }),
      { seed: 10, numRuns: 2000 },
    );
  });

  it('on values that are not frames at all', () => {
    for (const value of [null, undefined, 42, {}, [], new Blob(['x']), Symbol('x'), () => 1]) {
      const result = decodeSafely(value as unknown as string);
      expect(result).toEqual({ kind: 'malformed', reason: 'frame: expected bytes (Uint8Array, ArrayBuffer) or text', channel: undefined });
    }
    expect(decodeSafely(new ArrayBuffer(0)).kind).toBe('malformed');
  });
});

describe('decoding is consistent with encoding', () => {
  it('an event decoded from any protobuf bytes re-encodes to a frame that decodes to the same event (3000 seeded runs)', () => {
    const mutation = fc.tuple(fc.constantFrom(...validFrames), fc.nat(), fc.integer({ min: 0, max: 255 }));
    fc.assert(
      fc.property(mutation, ([frame, at, byte]) => {
        const bytes = Uint8Array.from(frame);
        bytes[at % bytes.length] = byte;
        const result = decodeSafely(bytes);
        return result.kind !== 'event' || isDeepStrictEqual(decodeFrame(encodePushFrame(result.event)), result);
      }),
      { seed: 5, numRuns: 3000 },
    );
  });
});
