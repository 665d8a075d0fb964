/**
 * The simulator's authentication and rate limiter at their edges, called directly: the exact
 * bounds of recvWindow and timestamp, an empty key or signature, the limiter's memory cap.
 */
import { describe, expect, it } from '@jest/globals';
import { checkAccess, checkSignature, checkTimestamp, identify, type Caller } from '../../src/simulator/auth.js';
import { SIM_CODES, SimError } from '../../src/simulator/errors.js';
import { createRateLimiter } from '../../src/simulator/rate-limit.js';
import { createServiceRateLimits } from '../../src/simulator/service-rate-limits.js';
import { A1, A2 } from '../../src/endpoints/account.js';
import { M2, M3 } from '../../src/endpoints/master.js';
import { createIpBans } from '../../src/simulator/ip-ban.js';
import { createWorld } from '../../src/simulator/state.js';
import { simCodeOf } from './helpers.js';

const NOW = 1_700_000_000_000;

const codeOf = simCodeOf;

const values = (entries: Record<string, string>): ReadonlyMap<string, string> => new Map(Object.entries(entries));

describe('checkTimestamp', () => {
  it('takes a recvWindow of 1 ms, and refuses 0, a sign, a fraction or text around the digits', () => {
    expect(codeOf(() => checkTimestamp(values({ recvWindow: '1', timestamp: String(NOW) }), NOW))).toBeUndefined();
    for (const recvWindow of ['0', '-5', '1.5', 'x5000', '5000x', '']) {
      expect([recvWindow, codeOf(() => checkTimestamp(values({ recvWindow, timestamp: String(NOW) }), NOW))]).toEqual([recvWindow, SIM_CODES.parameterInvalid]);
    }
  });

  it('refuses a missing timestamp, and one with anything but digits', () => {
    expect(codeOf(() => checkTimestamp(values({}), NOW))).toBe(SIM_CODES.parameterInvalid);
    for (const timestamp of [`x${NOW}`, `${NOW}x`, `${NOW}.5`, '']) {
      expect([timestamp, codeOf(() => checkTimestamp(values({ timestamp }), NOW))]).toEqual([timestamp, SIM_CODES.parameterInvalid]);
    }
  });

  it('accepts a request exactly recvWindow + slack old, and refuses it one millisecond later', () => {
    const at = (age: number, slackMs: number): number | string | undefined =>
      codeOf(() => checkTimestamp(values({ recvWindow: '3000', timestamp: String(NOW - age) }), NOW, slackMs));
    expect(at(3000, 0)).toBeUndefined();
    expect(at(3001, 0)).toBe(SIM_CODES.timestampOutsideWindow);
    expect(at(3500, 500)).toBeUndefined();
    expect(at(3501, 500)).toBe(SIM_CODES.timestampOutsideWindow);
  });

  it('accepts a timestamp up to 999 ms ahead, not a second', () => {
    expect(codeOf(() => checkTimestamp(values({ timestamp: String(NOW + 999) }), NOW))).toBeUndefined();
    expect(codeOf(() => checkTimestamp(values({ timestamp: String(NOW + 1000) }), NOW))).toBe(SIM_CODES.timestampOutsideWindow);
  });
});

describe('identify and checkSignature', () => {
  it('asks for a key when the header is missing or empty', () => {
    const world = createWorld();
    expect(codeOf(() => identify(world, undefined))).toBe(SIM_CODES.apiKeyRequired);
    expect(codeOf(() => identify(world, ''))).toBe(SIM_CODES.apiKeyRequired);
  });

  it('takes an empty signature for a missing one (a parameter error), not for a wrong one', () => {
    const caller = { key: { secretKey: 'secret' } } as unknown as Caller;
    const query = { values: values({}), signedText: 'timestamp=1' };
    expect(codeOf(() => checkSignature(caller, { ...query, signature: '' }, '', false))).toBe(SIM_CODES.parameterInvalid);
    expect(codeOf(() => checkSignature(caller, { ...query, signature: undefined }, '', false))).toBe(SIM_CODES.parameterInvalid);
    expect(codeOf(() => checkSignature(caller, { ...query, signature: 'ab' }, '', false))).toBe(SIM_CODES.signatureInvalid);
  });
});

describe('the words of a refusal', () => {
  /** The message `check` throws. */
  function messageOf(check: () => void): string {
    try {
      check();
    } catch (error) {
      if (error instanceof SimError) return error.message;
    }
    throw new Error('expected a SimError');
  }

  it('say what to change: the largest recvWindow, the account kind, the permission needed', () => {
    expect(messageOf(() => checkTimestamp(values({ recvWindow: '60001', timestamp: String(NOW) }), NOW))).toBe('recvWindow must be less than 60000');
    const caller = { account: { kind: 'master' }, key: { ip: [], permissions: ['SPOT_ACCOUNT_READ'] } } as unknown as Caller;
    expect(messageOf(() => checkAccess({ audience: 'broker', permission: 'SPOT_ACCOUNT_READ' }, caller, '127.0.0.1'))).toBe(
      'No authority to access this endpoint (account kind)',
    );
    expect(messageOf(() => checkAccess({ audience: 'master', permission: 'SPOT_TRANSFER_WRITE' }, caller, '127.0.0.1'))).toBe(
      'No permission to access the endpoint: SPOT_TRANSFER_WRITE required',
    );
    expect(messageOf(() => identify(createWorld(), undefined))).toBe('api key required');
    expect(messageOf(() => checkTimestamp(values({ recvWindow: '0', timestamp: String(NOW) }), NOW))).toBe("Parameter 'recvWindow' is invalid: a positive integer of ms");
    expect(messageOf(() => checkTimestamp(values({ timestamp: 'soon' }), NOW))).toBe("Parameter 'timestamp' is invalid: epoch milliseconds");
    expect(messageOf(() => checkTimestamp(values({ timestamp: String(NOW - 10_000) }), NOW))).toBe('Timestamp for this request is outside of the recvWindow');
  });
});

describe('createRateLimiter', () => {
  it('without a budget never limits', () => {
    const limiter = createRateLimiter(false);
    for (let i = 0; i < 1000; i++) expect(limiter.take('k', NOW)).toBeUndefined();
  });

  it('reset forgets every count', () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000 });
    expect(limiter.take('k', NOW)).toBeUndefined();
    expect(limiter.take('k', NOW)).toBeDefined();
    limiter.reset();
    expect(limiter.take('k', NOW)).toBeUndefined();
  });

  // Its memory bound under a flood of keys: flood-memory.test.ts.
});

describe('createServiceRateLimits', () => {
  it('counts each endpoint per IP and per account apart, and says which scope refused', () => {
    const limits = createServiceRateLimits(createRateLimiter({ limit: 1, windowMs: 1000 }), createIpBans(false));
    expect(limits.admitIp(M2, '10.0.0.1', NOW)).toEqual({ kind: 'allowed' });
    expect(limits.admitIp(M2, '10.0.0.1', NOW)).toEqual({ kind: 'limited', scope: 'ip', retryAfterMs: 1000 });
    // Another endpoint from that IP, the same endpoint from another IP: their own counts.
    expect(limits.admitIp(M3, '10.0.0.1', NOW)).toEqual({ kind: 'allowed' });
    expect(limits.admitIp(M2, '10.0.0.2', NOW)).toEqual({ kind: 'allowed' });
    // The account scope is counted apart from the IP scope, even where uid and IP are the same text.
    expect(limits.admitAccount(M2, '10.0.0.1', '10.0.0.1', NOW)).toEqual({ kind: 'allowed' });
    expect(limits.admitAccount(M2, '10.0.0.1', '10.0.0.1', NOW)).toEqual({ kind: 'limited', scope: 'account', retryAfterMs: 1000 });
    expect(limits.admitAccount(M2, 'uid2', '10.0.0.1', NOW)).toEqual({ kind: 'allowed' });
    expect(limits.admitAccount(M3, '10.0.0.1', '10.0.0.1', NOW)).toEqual({ kind: 'allowed' });
  });

  it('counts a request in its row’s weight, in both scopes', () => {
    const limits = createServiceRateLimits(createRateLimiter({ limit: 25, windowMs: 10_000 }), createIpBans(false));
    // A2 weighs 3: eight fit in 25 units, the ninth does not.
    for (let i = 0; i < 8; i++) expect(limits.admitIp(A2, '10.0.0.1', NOW)).toEqual({ kind: 'allowed' });
    expect(limits.admitIp(A2, '10.0.0.1', NOW)).toMatchObject({ kind: 'limited', scope: 'ip' });
    for (let i = 0; i < 8; i++) expect(limits.admitAccount(A2, 'uid1', '10.0.0.1', NOW)).toEqual({ kind: 'allowed' });
    expect(limits.admitAccount(A2, 'uid1', '10.0.0.1', NOW)).toMatchObject({ kind: 'limited', scope: 'account' });
  });

  it('keeps a row’s own rate per account (A1: 2 calls per second), apart for each account', () => {
    const limits = createServiceRateLimits(createRateLimiter({ limit: 500, windowMs: 10_000 }), createIpBans(false));
    expect(limits.admitAccount(A1, 'uid1', '10.0.0.1', NOW)).toEqual({ kind: 'allowed' });
    expect(limits.admitAccount(A1, 'uid1', '10.0.0.1', NOW + 999)).toEqual({ kind: 'allowed' });
    expect(limits.admitAccount(A1, 'uid1', '10.0.0.1', NOW + 999)).toEqual({ kind: 'limited', scope: 'account', retryAfterMs: 1 });
    expect(limits.admitAccount(A1, 'uid2', '10.0.0.1', NOW + 999)).toEqual({ kind: 'allowed' });
    expect(limits.admitAccount(A1, 'uid1', '10.0.0.1', NOW + 1000)).toEqual({ kind: 'allowed' });
    // A row without a rate of its own is limited by its weight only.
    for (let i = 0; i < 10; i++) expect(limits.admitAccount(M2, 'uid1', '10.0.0.1', NOW)).toEqual({ kind: 'allowed' });
  });

  it('counts A1 at weight 10: 50 reads per window for one IP, whichever accounts they are for', () => {
    const limits = createServiceRateLimits(createRateLimiter({ limit: 500, windowMs: 10_000 }), createIpBans(false));
    for (let i = 0; i < 50; i++) expect(limits.admitIp(A1, '10.0.0.1', NOW)).toEqual({ kind: 'allowed' });
    expect(limits.admitIp(A1, '10.0.0.1', NOW)).toEqual({ kind: 'limited', scope: 'ip', retryAfterMs: 10_000 });
  });
});
