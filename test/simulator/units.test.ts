import { describe, expect, it } from '@jest/globals';
import { createSimClock } from '../../src/simulator/clock.js';
import { createFaults } from '../../src/simulator/faults.js';
import { createRateLimiter } from '../../src/simulator/rate-limit.js';
import { parseJsonBody, parseQuery } from '../../src/simulator/wire.js';
import { signatureMatches } from '../../src/simulator/auth.js';

describe('SimClock', () => {
  it('stands still in manual mode and moves only when told', () => {
    const clock = createSimClock({ start: 1000, realtime: false });
    expect(clock.now()).toBe(1000);
    clock.advance(3_600_000);
    expect(clock.now()).toBe(3_601_000);
    clock.set(5);
    expect(clock.now()).toBe(5);
    expect(() => clock.advance(-1)).toThrow(RangeError);
  });

  it('follows its source in real-time mode, shifted by advance, and switches modes without a jump', () => {
    let real = 10_000;
    const clock = createSimClock({ source: () => real, realtime: true });
    real += 5;
    expect(clock.now()).toBe(10_005);
    clock.advance(1000);
    expect(clock.now()).toBe(11_005);
    clock.setRealtime(false);
    real += 500;
    expect(clock.now()).toBe(11_005);
    clock.setRealtime(true);
    real += 1;
    expect(clock.now()).toBe(11_006);
    expect(clock.realtime).toBe(true);
  });
});

describe('rate limiter', () => {
  it('allows `limit` requests per window and says how long to wait', () => {
    const limiter = createRateLimiter({ limit: 2, windowMs: 10_000 });
    expect(limiter.take('k', 20_000)).toBeUndefined();
    expect(limiter.take('k', 21_000)).toBeUndefined();
    expect(limiter.take('k', 22_500)).toBe(7_500);
    expect(limiter.take('other', 22_500)).toBeUndefined();
    expect(limiter.take('k', 30_000)).toBeUndefined();
    expect(createRateLimiter(false).take('k', 0)).toBeUndefined();
  });
});

describe('faults', () => {
  it('queues faults per operation in order', () => {
    const faults = createFaults();
    faults.next('M6', 'drop-after-commit');
    faults.next('M6', 'status-500', 2);
    expect(faults.pending('M6')).toEqual(['drop-after-commit', 'status-500', 'status-500']);
    expect(faults.peek('M6')).toBe('drop-after-commit');
    expect(faults.take('M6')).toBe('drop-after-commit');
    expect(faults.take('B13')).toBeUndefined();
    faults.clear();
    expect(faults.pending('M6')).toEqual([]);
  });
});

describe('wire', () => {
  it('keeps the query text as sent, minus the signature pair, for verification', () => {
    const parts = parseQuery('note=a%20b&signature=abc&timestamp=1');
    expect(parts.signature).toBe('abc');
    expect(parts.signedText).toBe('note=a%20b&timestamp=1');
    expect(parts.values.get('note')).toBe('a b');
  });

  it('refuses repeated names, malformed escapes and bodies that are not flat JSON objects', () => {
    expect(() => parseQuery('a=1&a=2')).toThrow(/more than once/);
    expect(() => parseQuery('a=%E0%A4%A')).toThrow(/malformed/);
    expect(() => parseJsonBody('[1]')).toThrow(/object/);
    expect(() => parseJsonBody('{"a":{"b":1}}')).toThrow(/'a'/);
    expect(parseJsonBody('{"a":"x","n":5,"z":null}')).toEqual(new Map([['a', 'x'], ['n', '5']]));
  });

  it('verifies the docs/service.md test vector', () => {
    const text = 'symbol=BTCUSDT&side=BUY&type=LIMIT&quantity=1&price=11&recvWindow=5000&timestamp=1644489390087';
    const good = 'fd3e4e8543c5188531eb7279d68ae7d26a573d0fc5ab0d18eb692451654d837a';
    expect(signatureMatches('45d0b3c26f2644f19bfb98b07741b2f5', text, good)).toBe(true);
    expect(signatureMatches('45d0b3c26f2644f19bfb98b07741b2f5', text, good.toUpperCase())).toBe(false);
    expect(signatureMatches('45d0b3c26f2644f19bfb98b07741b2f5', text, 'short')).toBe(false);
  });
});
