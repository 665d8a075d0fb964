/**
 * `Retry-After` is read as RFC 9110 says: digits only (seconds), or an HTTP-date in one of its
 * three forms. Everything else is absent, never "retry now": a lenient date parser reads `-5` or
 * `soon 3` as a day in 2001, a wait of 0 ms.
 */
import { describe, expect, it } from '@jest/globals';
import { banStrike } from '../../src/budget/policy.js';
import { BAN_MEMORY_MS, banWaitMs, refusalWaitMs, LONGEST_BAN_MS, tooManyWaitMs } from '../../src/default-waits.js';
import { parseRetryAfter } from '../../src/http/retry-after.js';

/** 1994-11-06 08:49:00 UTC: the RFC's example date, 37 s before its example instant. */
const NOW = Date.UTC(1994, 10, 6, 8, 49, 0);

describe('parseRetryAfter', () => {
  it.each([
    ['0', 0],
    ['5', 5_000],
    ['120', 120_000],
    ['007', 7_000],
    [' 3 ', 3_000],
    ['Sun, 06 Nov 1994 08:49:37 GMT', 37_000],
    ['Sunday, 06-Nov-94 08:49:37 GMT', 37_000],
    ['Sun Nov  6 08:49:37 1994', 37_000],
    ['Sun Nov 06 08:49:37 1994', 37_000],
    ['Sat, 05 Nov 1994 08:49:37 GMT', 0],
    ['Sun, 06 Nov 1994 08:49:60 GMT', 60_000],
  ])('reads %j as %d ms', (value, ms) => {
    expect(parseRetryAfter(value, NOW)).toBe(ms);
  });

  it.each([
    '-5',
    '-1',
    '+5',
    '1,5',
    'x 1',
    '1.5.5',
    'soon 3',
    '1.5',
    '0.5',
    '5s',
    '5, 6',
    '1e3',
    '0x10',
    '',
    '   ',
    'Infinity',
    'NaN',
    '2001-05-01',
    'Sun, 06 Nov 1994 08:49:37 UTC',
    'sun, 06 nov 1994 08:49:37 gmt',
    'Sun, 6 Nov 1994 08:49:37 GMT',
    'Sun, 06 Nov 94 08:49:37 GMT',
    'Sun, 31 Feb 1994 08:49:37 GMT',
    'Sun, 06 Nov 1994 24:00:00 GMT',
    'Sun, 06 Nov 1994 08:61:00 GMT',
    'Sunday, 06-Nov-1994 08:49:37 GMT',
    'Sun Nov  6 08:49:37 1994 GMT',
    'Nov 6 1994',
  ])('reads %j as absent', (value) => {
    expect(parseRetryAfter(value, NOW)).toBeUndefined();
  });

  it('reads no header as absent', () => {
    expect(parseRetryAfter(null, NOW)).toBeUndefined();
  });

  it('reads a two-digit year more than 50 years ahead as the most recent such year in the past', () => {
    const in2060 = Date.UTC(2060, 0, 1);
    expect(parseRetryAfter('Friday, 01-Jan-99 00:00:10 GMT', Date.UTC(1998, 11, 31, 23, 59, 50))).toBe(20_000);
    // 2099 is 39 years ahead of 2060: this century; 2011 is in the past: 0.
    expect(parseRetryAfter('Thursday, 01-Jan-99 00:00:00 GMT', in2060)).toBe(Date.UTC(2099, 0, 1) - in2060);
    expect(parseRetryAfter('Saturday, 01-Jan-11 00:00:00 GMT', in2060)).toBe(0);
    // From 2030, "95" is 2095 (65 years ahead, so no) and thus 1995: in the past.
    expect(parseRetryAfter('Sunday, 01-Jan-95 00:00:00 GMT', Date.UTC(2030, 0, 1))).toBe(0);
  });

  it('reads seconds too many for a double as an endless wait, which the defaults bound', () => {
    const wait = parseRetryAfter('9'.repeat(400), NOW);
    expect(wait).toBe(Infinity);
    expect(refusalWaitMs(wait ?? 0)).toBe(LONGEST_BAN_MS);
  });
});

describe('the library’s own waits', () => {
  it('a ban lasts 2 minutes, then twice as long each time, up to 3 days', () => {
    expect([1, 2, 3, 4].map(banWaitMs)).toEqual([120_000, 240_000, 480_000, 960_000]);
    expect(banWaitMs(12)).toBe(245_760_000);
    expect(banWaitMs(13)).toBe(LONGEST_BAN_MS);
    expect(banWaitMs(1_000)).toBe(LONGEST_BAN_MS);
  });

  it('a ban counts as the next in a row until a day after the last one’s pause ended', () => {
    expect(banStrike(0, -Infinity, 5_000)).toBe(1);
    // A 418 answering a request sent before the pause began: the same ban.
    expect(banStrike(1, 120_100, 60_000)).toBe(1);
    expect(banStrike(1, 120_100, 120_100)).toBe(2);
    expect(banStrike(2, 360_200, 360_200 + BAN_MEMORY_MS)).toBe(3);
    expect(banStrike(3, 840_300, 840_301 + BAN_MEMORY_MS)).toBe(1);
  });

  it('a wait the service asked for is at least a second and at most the longest ban', () => {
    expect([0, 1, 999, 1_000, 5_000, Infinity].map(refusalWaitMs)).toEqual([1_000, 1_000, 1_000, 1_000, 5_000, LONGEST_BAN_MS]);
  });

  it('a 429 without a readable Retry-After waits at least a second', () => {
    expect(tooManyWaitMs(0)).toBe(1_000);
    expect(tooManyWaitMs(10_000)).toBe(10_000);
  });
});
